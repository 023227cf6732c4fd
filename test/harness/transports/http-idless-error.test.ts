// An error with id null in the body of a POST's own response is that POST's answer (issue #32):
// the request is answered, not left unanswered, and the id it lacks is the schema check's to judge.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { WireRecorder } from '../../../harness/recorder/wire-log.js';
import { HttpConnection } from '../../../harness/transports/http-connection.js';

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Refuses every POST with 400 and a JSON-RPC error whose id is null, as a header check before parsing does. */
async function refusingWithNullId(): Promise<string> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request' } })),
    );
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

test("an id-null error in the POST's own body answers that POST", async () => {
  const recorder = new WireRecorder();
  const connection = new HttpConnection({ url: await refusingWithNullId(), headers: {} }, { recorder });
  const exchange = await connection.send({ jsonrpc: '2.0', id: 7, method: 'ping' }, { timeoutMs: 3000 });
  await connection.close();
  expect(exchange.response).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request' } });
  expect(recorder.entries.filter((entry) => entry.anomaly === 'unanswered')).toEqual([]);
});
