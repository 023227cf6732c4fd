// Over HTTP as over stdio, an exchange keeps at most 8 MB of notifications of the answer's event
// stream (past 2,000 events an answer's stream is only counted already): the rest are counted, and
// the answer is still read.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { WireRecorder } from '../../../harness/recorder/wire-log.js';
import { HttpConnection } from '../../../harness/transports/http-connection.js';

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Answers every POST with an event stream of `count` log notifications of 3 MB each, then the response. */
async function floodingAnswers(count: number): Promise<string> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const { id } = JSON.parse(body) as { id: number };
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const note = {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', data: 'x'.repeat(3 * 1024 * 1024) },
      };
      res.write(`data: ${JSON.stringify(note)}\n\n`.repeat(count));
      res.end(`data: ${JSON.stringify({ jsonrpc: '2.0', id, result: {} })}\n\n`);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

test('past 8 MB, notifications are counted, not kept with the exchange, and the run is told once', async () => {
  const recorder = new WireRecorder();
  const connection = new HttpConnection(
    { url: await floodingAnswers(4), headers: {} },
    {
      recorder,
    },
  );
  const exchange = await connection.send({ jsonrpc: '2.0', id: 3, method: 'ping' }, { timeoutMs: 10_000 });
  await connection.close();
  expect(exchange.response).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  // Two of 3 MB fit the 8 MB; the third and fourth are counted.
  expect(exchange.notifications).toHaveLength(2);
  expect(exchange.notificationsDropped).toBe(2);
  expect(exchange.messages).toHaveLength(3);
  expect(recorder.entries.filter((entry) => entry.note?.includes('the rest are counted, not kept'))).toHaveLength(1);
});
