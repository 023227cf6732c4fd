// A server that floods the wire log past its entry cap must not erase what the verdict rules
// read: the harness's waits and their proofs stay, and answers are counted though not kept.
import { expect, test } from 'vitest';
import { WireRecorder } from '../../../harness/recorder/wire-log.js';
import { settleVerdict } from '../../../harness/runner/verdict-rules.js';
import type { Check } from '../../../harness/checks/check.js';

const flood = (recorder: WireRecorder, count: number) => {
  for (let i = 0; i < count; i++)
    recorder.record({
      connection: 'stdio#1',
      direction: 'server->client',
      kind: 'message',
      message: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'debug', data: i } },
    });
};

test('past the entry cap, a timeout still reaches the verdict rules: the fail is inconclusive', () => {
  const recorder = new WireRecorder({ maxEntries: 10 });
  flood(recorder, 50);
  recorder.record({
    connection: 'stdio#1',
    direction: 'harness',
    kind: 'note',
    note: 'no response to id 7 within 500 ms',
    timeout: true,
    checks: ['x/errors/method-not-found'],
  });
  expect(recorder.dropped).toBe(40);
  const check = { id: 'x/errors/method-not-found', level: 'MUST', transports: ['stdio'] } as unknown as Check;
  const settled = settleVerdict(
    check,
    { verdict: 'fail', reason: 'expected JSON-RPC error -32601, got no response before the timeout' },
    { own: recorder.forCheck(check.id), profile: undefined, interrupted: false },
  );
  expect(settled.verdict).toBe('error');
  expect(settled.reason).toMatch(/^inconclusive: no response to id 7 within 500 ms/);
});

test('answers are counted per connection whether or not the log kept them', () => {
  const recorder = new WireRecorder({ maxEntries: 5, maxTotalBytes: 100 });
  flood(recorder, 20);
  for (const id of [1, 2, 3])
    recorder.record({
      connection: 'stdio#1',
      direction: 'server->client',
      kind: 'message',
      message: { jsonrpc: '2.0', id, result: {} },
    });
  recorder.record({
    connection: 'stdio#2',
    direction: 'server->client',
    kind: 'message',
    message: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } },
  });
  expect(recorder.entries.length).toBe(5);
  expect(recorder.responsesOn('stdio#1')).toBe(3);
  expect(recorder.responsesOn('stdio#2')).toBe(1);
  expect(recorder.responsesOn('stdio#3')).toBe(0);
});
