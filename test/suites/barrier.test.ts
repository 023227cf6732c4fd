// Silence passes only behind a barrier: a request sent after the message under test, answered.
import { describe, expect, test } from 'vitest';
import { CheckFailure, CheckInconclusive } from '../../harness/checks/outcome.js';
import type { Client } from '../../harness/lifecycles/client.js';
import type { Exchange } from '../../harness/transports/types.js';
import { answerOrSilence, barrier, proveRead } from '../../suites/shared/barrier.js';

const answered = (id: number): Exchange => ({
  connection: 'c',
  id,
  response: { jsonrpc: '2.0', id, result: {} },
  notifications: [],
  messages: [],
  timedOut: false,
  durationMs: 1,
});
const silent = (): Exchange => ({ connection: 'c', notifications: [], messages: [], timedOut: true, durationMs: 5000 });

/** A client over a fake connection: `answers` says whether the barrier request is answered; `sent` records the order. */
function fakeClient(transport: 'stdio' | 'http', answers: boolean, revision = '2025-11-25', exited?: string) {
  const sent: string[] = [];
  const client = {
    revision,
    transport,
    exitedByItself: () => exited,
    request: async (method: string) => {
      sent.push(method);
      return answers ? answered(99) : silent();
    },
  } as unknown as Client;
  return { client, sent };
}

describe('barrier', () => {
  test('an answered ping (2025-11-25) or server/discover (2026-07-28) lets the check go on', async () => {
    const legacy = fakeClient('stdio', true);
    await barrier(legacy.client, 'a notification');
    const modern = fakeClient('stdio', true, '2026-07-28');
    await barrier(modern.client, 'a notification');
    expect([legacy.sent, modern.sent]).toEqual([['ping'], ['server/discover']]);
  });

  test('a barrier the server did not live to answer fails the check: it did not survive the message', async () => {
    const died = barrier(
      fakeClient('stdio', false, '2026-07-28', 'server exited with code 1').client,
      'the notification notifications/cancelled',
    );
    await expect(died).rejects.toBeInstanceOf(CheckFailure);
    await expect(died).rejects.toThrow(
      'server exited with code 1 after the notification notifications/cancelled, before it answered the server/discover sent after it',
    );
  });

  test('an unanswered barrier makes the check inconclusive, never a pass', async () => {
    await expect(barrier(fakeClient('stdio', false).client, 'a notification')).rejects.toBeInstanceOf(
      CheckInconclusive,
    );
  });
});

describe('proveRead', () => {
  test('an HTTP status is the server reading the POST: no barrier is sent', async () => {
    const { client, sent } = fakeClient('http', false);
    await proveRead(
      client,
      { ...silent(), timedOut: false, http: { status: 202, headers: {}, contentType: '', bodyKind: 'empty' } },
      'a notification',
    );
    expect(sent).toEqual([]);
  });

  test('an HTTP POST without any answer is inconclusive (another POST proves nothing about it)', async () => {
    const { client, sent } = fakeClient('http', true);
    await expect(proveRead(client, silent(), 'a request')).rejects.toBeInstanceOf(CheckInconclusive);
    expect(sent).toEqual([]);
  });

  test('stdio silence needs the barrier answered', async () => {
    await expect(proveRead(fakeClient('stdio', false).client, silent(), 'a cancel')).rejects.toBeInstanceOf(
      CheckInconclusive,
    );
    expect((await proveRead(fakeClient('stdio', true).client, silent(), 'a cancel'))?.response?.id).toBe(99);
  });
});

describe('answerOrSilence', () => {
  test('on stdio the wait for an answer ends when the barrier is answered, with no answer recorded', async () => {
    const { client } = fakeClient('stdio', true);
    let aborted = false;
    const exchange = await answerOrSilence(
      client,
      'a notification',
      (signal) =>
        new Promise((resolve) =>
          signal.addEventListener('abort', () => ((aborted = true), resolve({ ...silent(), timedOut: false }))),
        ),
    );
    expect(aborted).toBe(true);
    expect(exchange.response).toBeUndefined();
  });

  test('an answer to the message itself is returned even if the barrier is not answered', async () => {
    const { client } = fakeClient('stdio', false);
    const exchange = await answerOrSilence(client, 'a request', async () => answered(1));
    expect(exchange.response?.id).toBe(1);
  });

  test('no answer and no barrier answer: inconclusive', async () => {
    const { client } = fakeClient('stdio', false);
    await expect(
      answerOrSilence(
        client,
        'a request',
        (signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve(silent()))),
      ),
    ).rejects.toBeInstanceOf(CheckInconclusive);
  });
});
