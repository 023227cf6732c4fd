// The window a stdio server gets to exit after stdin closes grows with its latency on the connection.
import { describe, expect, test } from 'vitest';
import { slowestAnswerMs } from '../../harness/checks/wire-query.js';
import type { WireEntry } from '../../harness/recorder/wire-log.js';
import { CheckInconclusive } from '../../harness/checks/outcome.js';
import type { ProcessActivity } from '../../harness/transports/descendant-watch.js';
import { EXIT_FLOOR_MS, EXIT_LATENCY_FACTOR, exitedOrIdle, exitWindowMs } from '../../suites/shared/exit-window.js';

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

/** A check context whose server exits on the `exitOn`-th wait (never: undefined), with these activity readings. */
function watched(readings: Array<ProcessActivity | undefined>, exitOn?: number) {
  let waits = 0;
  let read = 0;
  const client = {
    exitsWithin: async () => ++waits === exitOn,
    serverActivity: () => readings[read++],
  };
  const ctx = {
    client,
    inconclusive: (reason: string) => {
      throw new CheckInconclusive(reason);
    },
  };
  return exitedOrIdle(ctx as never, 100);
}

describe('a server still running past its exit window', () => {
  test('exits within the window, or in the second after it: exited', async () => {
    expect(await watched([], 1)).toBe(true);
    expect(await watched([{ cpuTicks: 5, runnable: true }], 2)).toBe(true);
  });

  test('used no CPU and never ran in the second after: idle, so the check judges it', async () => {
    const idle = { cpuTicks: 40, runnable: false };
    expect(await watched([idle, idle])).toBe(false);
  });

  test('used CPU, ran or waited to run, or could not be read: inconclusive, never judged by time', async () => {
    for (const readings of [
      [
        { cpuTicks: 40, runnable: false },
        { cpuTicks: 41, runnable: false },
      ],
      [
        { cpuTicks: 40, runnable: false },
        { cpuTicks: 40, runnable: true },
      ],
      [undefined, undefined],
    ])
      await expect(watched(readings)).rejects.toBeInstanceOf(CheckInconclusive);
  });
});
