// A server object of this process on a stdio connection: the same bytes as a child's pipes, and
// its end (its output ended, its connect failed, our close) told as a process's would be.
import { expect, test } from 'vitest';
import { WireRecorder } from '../../../harness/recorder/wire-log.js';
import type { InProcessServer, InProcessStreams } from '../../../harness/transports/in-process-server.js';
import { StdioConnection } from '../../../harness/transports/stdio-connection.js';

const limits = { maxLineBytes: 1024, maxStderrBytes: 4096, gracePeriodMs: 300, startupMs: 5000 };

/** Answers each line's id with an empty result, after a banner line that is not JSON-RPC. */
function echoServer(onClose: () => void = () => undefined): InProcessServer {
  return {
    name: 'echo',
    connect({ input, output }: InProcessStreams) {
      output.write('banner\n');
      input.on('data', (chunk: Buffer) => {
        for (const line of String(chunk).split('\n').filter(Boolean)) {
          const { id } = JSON.parse(line) as { id: number };
          output.write(`${JSON.stringify({ jsonrpc: '2.0', id, result: {} })}\n`);
        }
      });
      return { close: onClose };
    },
  };
}

test('requests are answered over the streams, stray output is pollution, close calls the server close()', async () => {
  const recorder = new WireRecorder();
  let closed = 0;
  const connection = new StdioConnection({ inProcess: echoServer(() => closed++) }, { recorder }, limits);
  const exchange = await connection.send({ jsonrpc: '2.0', id: 7, method: 'ping' }, { timeoutMs: 2000 });
  expect(exchange.response).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
  expect(recorder.entries.filter((e) => e.kind === 'pollution').map((e) => e.text)).toEqual(['banner']);
  await connection.close();
  expect(closed).toBe(1);
  expect(connection.alive).toBe(false);
  expect(recorder.entries.filter((e) => e.kind === 'process').map((e) => e.note)).toEqual([
    'connected in-process server echo',
    'server ended (after stdin was closed)',
  ]);
});

test('a server whose connect throws could not be started, and says why', async () => {
  const recorder = new WireRecorder();
  const broken: InProcessServer = {
    name: 'broken',
    connect: () => {
      throw new Error('no database');
    },
  };
  const connection = new StdioConnection({ inProcess: broken }, { recorder }, limits);
  const exchange = await connection.send({ jsonrpc: '2.0', id: 1, method: 'ping' }, { timeoutMs: 2000 });
  expect(exchange.response).toBeUndefined();
  expect(exchange.transportError).toBe(
    'server could not be started: in-process server broken failed to connect: no database',
  );
  await connection.close();
});

test('a server that ends its output has ended, as a process that exits; requests in flight learn it', async () => {
  const recorder = new WireRecorder();
  const quitter: InProcessServer = {
    name: 'quitter',
    connect({ input, output }) {
      input.once('data', () => output.end());
      return { close: () => undefined };
    },
  };
  const connection = new StdioConnection({ inProcess: quitter }, { recorder }, limits);
  const exchange = await connection.send({ jsonrpc: '2.0', id: 1, method: 'ping' }, { timeoutMs: 2000 });
  expect(exchange.transportError).toBe('server ended');
  expect(connection.alive).toBe(false);
  await connection.close();
});
