// The per-request timeout follows the answer times discovery measured.
import { expect, test } from 'vitest';
import { adaptedTimeout, answerTimes } from '../../../harness/runner/adaptive-timeout.js';
import type { WireEntry } from '../../../harness/recorder/wire-log.js';

let seq = 0;
const at = (t: number, connection: string, direction: WireEntry['direction'], message: unknown): WireEntry => ({
  seq: seq++,
  t,
  at: '',
  connection,
  direction,
  kind: 'message',
  message,
});
const request = (t: number, connection: string, id: number) =>
  at(t, connection, 'client->server', { jsonrpc: '2.0', id, method: 'tools/list' });
const answer = (t: number, connection: string, id: number) =>
  at(t, connection, 'server->client', { jsonrpc: '2.0', id, result: {} });

test('answer times pair requests and responses per connection; a stdio process start is left out', () => {
  const entries = [
    request(0, 'stdio#1', 1),
    answer(900, 'stdio#1', 1),
    request(900, 'stdio#1', 2),
    answer(940, 'stdio#1', 2),
    request(0, 'http#1', 1),
    answer(70, 'http#1', 1),
  ];
  expect(answerTimes(entries)).toEqual([40, 70]);
});

test('the timeout is the floor on a quick server, grows with a slow one, and stops at the ceiling', () => {
  const bounds = { minMs: 5000, maxMs: 30_000 };
  expect(adaptedTimeout([], bounds)).toBe(5000);
  expect(adaptedTimeout([12, 30], bounds)).toBe(5000);
  expect(adaptedTimeout([900, 1200], bounds)).toBe(6000);
  expect(adaptedTimeout([9000], bounds)).toBe(30_000);
  expect(adaptedTimeout([9000], { minMs: 40_000, maxMs: 30_000 })).toBe(40_000);
});
