// A reset before any answer on a reused keep-alive socket is a race of idle timers, not the
// server's answer: the request is sent once more on a new connection. A server that resets every
// time is still recorded as leaving the request unanswered.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { WireRecorder } from '../../../harness/recorder/wire-log.js';
import { HttpConnection } from '../../../harness/transports/http-connection.js';

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Answers every POST with pong, except that `resetWhen(n)` of the n-th request destroys its socket unanswered. */
async function serverResetting(resetWhen: (n: number) => boolean): Promise<string> {
  let n = 0;
  const server = http.createServer((req, res) => {
    const index = ++n;
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (resetWhen(index)) return void req.socket.destroy();
      const { id } = JSON.parse(body) as { id: number };
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id, result: {} }));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

test('one reset before the answer: sent again on a new connection, answered, the retry said in the wire log', async () => {
  const recorder = new WireRecorder();
  const connection = new HttpConnection({ url: await serverResetting((n) => n === 2), headers: {} }, { recorder });
  const first = await connection.send({ jsonrpc: '2.0', id: 1, method: 'ping' }, { timeoutMs: 3000 });
  const second = await connection.send({ jsonrpc: '2.0', id: 2, method: 'ping' }, { timeoutMs: 3000 });
  await connection.close();
  expect(first.response).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  expect(second.response).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
  expect(second.transportError).toBeUndefined();
  expect(recorder.entries.filter((e) => e.kind === 'note').map((e) => e.note)).toEqual([
    expect.stringMatching(/was reset before any answer; sent again on a new connection$/),
  ]);
  expect(recorder.entries.some((e) => e.anomaly === 'unanswered')).toBe(false);
});

test('a server that resets every time: the request is unanswered, once retried', async () => {
  const recorder = new WireRecorder();
  const connection = new HttpConnection({ url: await serverResetting(() => true), headers: {} }, { recorder });
  const exchange = await connection.send({ jsonrpc: '2.0', id: 1, method: 'ping' }, { timeoutMs: 3000 });
  await connection.close();
  expect(exchange.response).toBeUndefined();
  expect(exchange.transportError).toMatch(/was reset$/);
  const unanswered = recorder.entries.filter((e) => e.anomaly === 'unanswered');
  expect(unanswered.map((e) => [e.requestId, e.timeout])).toEqual([[1, undefined]]);
  expect(recorder.entries.filter((e) => e.kind === 'http-request')).toHaveLength(1);
});

test('a request still in flight when the harness closes the connection is not left unanswered by the server', async () => {
  // The server reads the request and never answers; we close first (stop 45's loaded proof failed
  // wire/requests-answered on "The client is destroyed" this way).
  const server = http.createServer(() => undefined);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  const recorder = new WireRecorder();
  const connection = new HttpConnection({ url, headers: {} }, { recorder });
  const pending = connection.send({ jsonrpc: '2.0', id: 1, method: 'ping' }, { timeoutMs: 30_000 });
  while (!recorder.entries.some((e) => e.kind === 'http-request')) await new Promise((r) => setTimeout(r, 10));
  await connection.close();
  const exchange = await pending;
  expect(exchange.response).toBeUndefined();
  expect(recorder.entries.filter((e) => e.anomaly === 'unanswered')).toEqual([]);
  expect(recorder.entries.filter((e) => e.kind === 'note').map((e) => e.note)).toEqual([
    expect.stringMatching(/the harness closed the connection with the request in flight$/),
  ]);
});
