// The window a stdio server gets to exit after stdin closes grows with its latency on the connection.
import { describe, expect, test } from 'vitest';
import { slowestAnswerMs } from '../../harness/checks/wire-query.js';
import type { WireEntry } from '../../harness/recorder/wire-log.js';
import { EXIT_FLOOR_MS, EXIT_LATENCY_FACTOR, exitWindowMs } from '../../suites/shared/exit-window.js';

function entry(
  seq: number,
  t: number,
  connection: string,
  direction: WireEntry['direction'],
  message: object,
): WireEntry {
  return { seq, t, at: '', connection, direction, kind: 'message', message };
}

describe('exit-on-stdin-close window', () => {
  test('a quiet server gets the floor, or the request timeout when that is longer', () => {
    expect(exitWindowMs(0, 0)).toBe(EXIT_FLOOR_MS);
    expect(exitWindowMs(50, 5000)).toBe(5000);
  });

  test('a server that answered slowly on the connection gets a window that grows with it', () => {
    expect(exitWindowMs(1200, 5000)).toBe(1200 * EXIT_LATENCY_FACTOR);
    expect(exitWindowMs(2400, 5000)).toBeGreaterThan(exitWindowMs(1200, 5000));
  });

  test('the slowest answer is read from the wire log of that connection only', () => {
    const entries = [
      entry(0, 0, 'stdio#1', 'client->server', { jsonrpc: '2.0', id: 1, method: 'initialize' }),
      entry(1, 900, 'stdio#1', 'server->client', { jsonrpc: '2.0', id: 1, result: {} }),
      entry(2, 1000, 'stdio#1', 'client->server', { jsonrpc: '2.0', id: 2, method: 'ping' }),
      entry(3, 1100, 'stdio#1', 'server->client', { jsonrpc: '2.0', id: 2, result: {} }),
      entry(4, 0, 'stdio#2', 'client->server', { jsonrpc: '2.0', id: 1, method: 'ping' }),
      entry(5, 5000, 'stdio#2', 'server->client', { jsonrpc: '2.0', id: 1, result: {} }),
    ];
    expect(slowestAnswerMs(entries, 'stdio#1')).toBe(900);
    expect(slowestAnswerMs(entries, 'stdio#3')).toBe(0);
  });
});
