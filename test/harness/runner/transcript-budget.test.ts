// What the server sends unasked while a check runs shares one budget per transcript; the check's own exchanges do not.
import { expect, test } from 'vitest';
import type { WireEntry } from '../../../harness/results/wire-entry.js';
import { budgetUnasked, UNASKED_BYTES_PER_CHECK } from '../../../harness/runner/transcript-budget.js';

const entry = (seq: number, message: Record<string, unknown>, direction: WireEntry['direction']): WireEntry => ({
  seq,
  t: seq,
  at: '2026-12-06T00:00:00.000Z',
  connection: 'stdio#1',
  direction,
  kind: 'message',
  message,
});
const pad = 'x'.repeat(10_000);

test('server requests past the budget keep their metadata; answers to our requests keep their content', () => {
  const entries: WireEntry[] = [];
  for (let i = 0; i < 10; i++) {
    entries.push(
      entry(3 * i, { jsonrpc: '2.0', id: `s${i}`, method: 'elicitation/create', params: { pad } }, 'server->client'),
    );
    entries.push(entry(3 * i + 1, { jsonrpc: '2.0', id: i, method: 'tools/list' }, 'client->server'));
    entries.push(entry(3 * i + 2, { jsonrpc: '2.0', id: i, result: { pad } }, 'server->client'));
  }
  const { transcript, notKept } = budgetUnasked(entries);
  const kept = Math.floor(UNASKED_BYTES_PER_CHECK / 10_000);
  expect(notKept).toBeGreaterThanOrEqual(10 - kept);
  expect(transcript.filter((e) => e.message === undefined)).toHaveLength(notKept);
  expect(transcript.filter((e) => e.message === undefined).every((e) => e.note?.includes('content not kept'))).toBe(
    true,
  );
  expect(transcript.filter((e) => (e.message as { result?: unknown })?.result)).toHaveLength(10);
});
