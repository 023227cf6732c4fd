// A big server message heard by every check in flight is printed once in the reports, not once per check.
import { expect, test } from 'vitest';
import type { CheckResult, RevisionRun } from '../../../harness/results/results.js';
import type { WireEntry } from '../../../harness/results/wire-entry.js';
import { printLargeEntriesOnce } from '../../../harness/runner/printed-once.js';

const entry = (seq: number, text: string): WireEntry => ({
  seq,
  t: seq,
  at: '2026-12-06T00:00:00.000Z',
  connection: 'stdio#1',
  direction: 'server->client',
  kind: 'message',
  message: { jsonrpc: '2.0', method: 'notifications/message', params: { data: text } },
});
const check = (id: string, transcript: WireEntry[]) => ({ id, transcript }) as CheckResult;

test('a large entry shared by three checks: whole in the first transcript, a pointer in the others; small ones stay', () => {
  const big = entry(7, 'x'.repeat(10_000));
  const small = entry(8, 'hello');
  const checks = [check('a', [big, small]), check('b', [big, small]), check('c', [small, big])];
  printLargeEntriesOnce([{ revision: '2026-07-28', discoveryTranscript: [] } as unknown as RevisionRun], checks);
  expect(checks[0].transcript).toEqual([big, small]);
  for (const later of [checks[1].transcript[0], checks[2].transcript[1]]) {
    expect(later.message).toBeUndefined();
    expect(later.seq).toBe(7);
    expect(later.note).toBe('content printed once, in the transcript of a (seq 7)');
  }
  expect(checks[1].transcript[1]).toBe(small);
  expect(checks[2].transcript[0]).toBe(small);
});
