// The stdio transport records stray stdout bytes as pollution and kills the whole group on teardown.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { WireRecorder } from '../../harness/recorder/wire-log.js';
import { StdioConnection } from '../../harness/transports/stdio-connection.js';
import { builtFixture } from '../helpers/fixture-process.js';

const script = (source: string) => ({ command: process.execPath, args: ['-e', source] });
const limits = { maxLineBytes: 1024, maxStderrBytes: 4096, gracePeriodMs: 300 };

test('non-JSON-RPC output is recorded with its bytes, JSON-RPC is routed to the request', async () => {
  const recorder = new WireRecorder();
  const source = `process.stdout.write('banner\\n'); process.stdout.write(Buffer.from([0xff, 0xfe, 0x0a]));
    process.stdin.on('data', (d) => { const m = JSON.parse(d); process.stdout.write(JSON.stringify({jsonrpc:'2.0', id: m.id, result: {}}) + '\\n'); });`;
  const connection = new StdioConnection(script(source), { recorder }, limits);
  const exchange = await connection.send({ jsonrpc: '2.0', id: 7, method: 'ping' }, { timeoutMs: 2000 });
  await connection.close();
  expect(exchange.response).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
  const pollution = recorder.entries.filter((e) => e.kind === 'pollution');
  expect(pollution.map((e) => e.note)).toEqual(['line is not JSON', 'line is not valid UTF-8']);
  expect(pollution[0].text).toBe('banner');
  expect(pollution[1].hex).toBe('fffe');
});

test('an id answered with another JSON type is matched but flagged', async () => {
  const recorder = new WireRecorder();
  const source = `process.stdin.on('data', (d) => { const m = JSON.parse(d); process.stdout.write(JSON.stringify({jsonrpc:'2.0', id: String(m.id), result: {}}) + '\\n'); });`;
  const connection = new StdioConnection(script(source), { recorder }, limits);
  const exchange = await connection.send({ jsonrpc: '2.0', id: 42, method: 'ping' }, { timeoutMs: 2000 });
  await connection.close();
  expect(exchange.idTypeMismatch).toBe(true);
});

test('teardown escalates to SIGKILL and reaps the process group', async () => {
  const token = `group-token-${randomUUID()}`;
  const connection = new StdioConnection({ command: process.execPath, args: [builtFixture('fixtures/hostile/never-answers.ts'), token] }, { recorder: new WireRecorder() }, limits);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await connection.close();
  expect(connection.process.exitStatus?.endedBy).toBe('SIGKILL');
  const ps = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  expect(ps.split('\n').filter((line) => line.includes(token))).toEqual([]);
});
