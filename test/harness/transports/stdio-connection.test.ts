// The stdio transport records stray stdout bytes as pollution and kills the whole group on teardown.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { WireRecorder } from '../../../harness/recorder/wire-log.js';
import { StdioConnection } from '../../../harness/transports/stdio-connection.js';
import { builtFixture } from '../../helpers/fixture-process.js';

const script = (source: string) => ({ command: process.execPath, args: ['-e', source] });
const limits = { maxLineBytes: 1024, maxStderrBytes: 4096, gracePeriodMs: 300, startupMs: 5000 };

test('non-JSON-RPC output is recorded with its bytes (a batch named as one), JSON-RPC is routed to the request', async () => {
  const recorder = new WireRecorder();
  const source = `process.stdout.write('banner\\n'); process.stdout.write(Buffer.from([0xff, 0xfe, 0x0a]));
    process.stdout.write('[{"jsonrpc":"2.0","id":1,"result":{}}]\\n[not json\\n');
    process.stdin.on('data', (d) => { const m = JSON.parse(d); process.stdout.write(JSON.stringify({jsonrpc:'2.0', id: m.id, result: {}}) + '\\n'); });`;
  const connection = new StdioConnection(script(source), { recorder }, limits);
  const exchange = await connection.send({ jsonrpc: '2.0', id: 7, method: 'ping' }, { timeoutMs: 2000 });
  await connection.close();
  expect(exchange.response).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
  const pollution = recorder.entries.filter((e) => e.kind === 'pollution');
  expect(pollution.map((e) => e.note)).toEqual([
    'line is not JSON',
    'line is not valid UTF-8',
    'line is a JSON array (a JSON-RPC batch, which MCP does not use), not a message object',
    'line is not JSON',
  ]);
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
  const connection = new StdioConnection(
    { command: process.execPath, args: [builtFixture('fixtures/hostile/never-answers.ts'), token] },
    { recorder: new WireRecorder() },
    limits,
  );
  // Its grandchild runs once its SIGTERM handler is in place: a loaded machine may take seconds to get there.
  const running = () =>
    execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
      .split('\n')
      .some((line) => line.includes(token));
  for (let waited = 0; !running() && waited < 20_000; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  await connection.close();
  expect(connection.process.exitStatus?.endedBy).toBe('SIGKILL');
  const ps = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  expect(ps.split('\n').filter((line) => line.includes(token))).toEqual([]);
});

test('a slow start is not a timeout: the request clock runs from the first output', async () => {
  const recorder = new WireRecorder();
  // Sleeps 1.2 s before it reads anything, as a loaded machine or a heavy runtime would.
  const source = `setTimeout(() => process.stdin.on('data', (d) => { const m = JSON.parse(d); process.stdout.write(JSON.stringify({jsonrpc:'2.0', id: m.id, result: {}}) + '\\n'); }), 1200);`;
  const connection = new StdioConnection(script(source), { recorder }, limits);
  const exchange = await connection.send({ jsonrpc: '2.0', id: 1, method: 'ping' }, { timeoutMs: 300 });
  await connection.close();
  expect(exchange.timedOut).toBe(false);
  expect(exchange.response).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  expect(recorder.entries.some((e) => e.timeout)).toBe(false);
});

test('once the server talks, an unanswered request times out on its own clock and is marked as time', async () => {
  const recorder = new WireRecorder();
  const source = `process.stdout.write(JSON.stringify({jsonrpc:'2.0', method:'notifications/message', params:{level:'info', data:'up'}}) + '\\n'); process.stdin.resume();`;
  const connection = new StdioConnection(script(source), { recorder }, limits);
  const started = performance.now();
  const exchange = await connection.send({ jsonrpc: '2.0', id: 2, method: 'ping' }, { timeoutMs: 300 });
  const waited = performance.now() - started;
  await connection.close();
  expect(exchange.timedOut).toBe(true);
  expect(waited).toBeLessThan(limits.startupMs);
  expect(recorder.entries.filter((e) => e.timeout && e.anomaly === 'unanswered').map((e) => e.requestId)).toEqual([2]);
});

test('a server that never talks gets the start-up allowance and no more', async () => {
  const recorder = new WireRecorder();
  // The allowance runs from the spawn, which is inside the constructor (slow on a loaded machine).
  const started = performance.now();
  const connection = new StdioConnection(
    script(`process.stdin.resume();`),
    { recorder },
    { ...limits, startupMs: 900 },
  );
  const exchange = await connection.send({ jsonrpc: '2.0', id: 3, method: 'ping' }, { timeoutMs: 200 });
  const waited = performance.now() - started;
  await connection.close();
  expect(exchange.timedOut).toBe(true);
  expect(waited).toBeGreaterThanOrEqual(800);
});

test('a second answer to an answered id is held to the bare response schema, not to that request method', async () => {
  const recorder = new WireRecorder();
  // Answers every request twice, as a server does that coerces another request's id into one already answered.
  const source = `process.stdin.on('data', (d) => { const m = JSON.parse(d); for (const result of [{ first: true }, {}]) process.stdout.write(JSON.stringify({jsonrpc:'2.0', id: m.id, result}) + '\\n'); });`;
  const methods: (string | undefined)[] = [];
  const validate = (_message: unknown, answeredMethod?: string) => void methods.push(answeredMethod);
  const connection = new StdioConnection(script(source), { recorder, validate }, limits);
  await connection.send({ jsonrpc: '2.0', id: 1, method: 'initialize' }, { timeoutMs: 2000 });
  for (let waited = 0; methods.length < 2 && waited < 5000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await connection.close();
  expect(methods).toEqual(['initialize', undefined]);
  expect(recorder.entries.find((e) => e.anomaly === 'duplicate-response')).toBeDefined();
});

test('an answer a raw send takes is held to the bare response schema, even with the id of an answered request', async () => {
  const recorder = new WireRecorder();
  // Coerces the id 1.5 to 1, as go-sdk does: the answer carries the id initialize had.
  const source = `process.stdin.on('data', (d) => { const m = JSON.parse(d); process.stdout.write(JSON.stringify({jsonrpc:'2.0', id: Math.floor(m.id), result: {}}) + '\\n'); });`;
  const methods: (string | undefined)[] = [];
  const validate = (_message: unknown, answeredMethod?: string) => void methods.push(answeredMethod);
  const connection = new StdioConnection(script(source), { recorder, validate }, limits);
  await connection.send({ jsonrpc: '2.0', id: 1, method: 'initialize' }, { timeoutMs: 2000 });
  const raw = await connection.sendRaw('{"jsonrpc":"2.0","id":1.5,"method":"ping"}\n', {
    timeoutMs: 2000,
    expectResponse: true,
  });
  await connection.close();
  expect(raw.response).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  expect(methods).toEqual(['initialize', undefined]);
});

test('a message behind a byte order mark, with invalid UTF-8 in a string, is the answer, its faults on its entry', async () => {
  const recorder = new WireRecorder();
  const source = `process.stdin.on('data', (d) => { const m = JSON.parse(d); process.stdout.write(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"jsonrpc":"2.0","id":' + m.id + ',"result":{"text":"a'), Buffer.from([0xff]), Buffer.from('"}}\\n')])); });`;
  const connection = new StdioConnection(script(source), { recorder }, limits);
  const exchange = await connection.send({ jsonrpc: '2.0', id: 3, method: 'ping' }, { timeoutMs: 2000 });
  await connection.close();
  expect(exchange.response).toEqual({ jsonrpc: '2.0', id: 3, result: { text: 'a\uFFFD' } });
  const answer = recorder.entries.find((e) => e.direction === 'server->client' && e.kind === 'message');
  expect(answer?.framingFault).toMatch(/byte order mark.*; invalid UTF-8 at byte 46 of the line \(ff227d7d/);
  expect(recorder.entries.filter((e) => e.kind === 'pollution')).toEqual([]);
});

test('CRLF endings and a flood of empty lines: every answer routed, the empty lines pollution (counted past the first 1,000)', async () => {
  const recorder = new WireRecorder();
  const source = `process.stdin.on('data', (d) => { const m = JSON.parse(d); process.stdout.write('\\n'.repeat(5000) + JSON.stringify({jsonrpc:'2.0', id: m.id, result: {}}) + '\\r\\n'); });`;
  const connection = new StdioConnection(script(source), { recorder }, limits);
  const exchange = await connection.send({ jsonrpc: '2.0', id: 4, method: 'ping' }, { timeoutMs: 2000 });
  await connection.close();
  expect(exchange.response).toEqual({ jsonrpc: '2.0', id: 4, result: {} });
  const answer = recorder.entries.find((e) => e.direction === 'server->client' && e.kind === 'message');
  expect(answer?.note).toBe('line ended with CRLF');
  expect(answer?.framingFault).toBeUndefined();
  const pollution = recorder.entries.filter((e) => e.kind === 'pollution');
  expect(pollution.reduce((sum, e) => sum + (e.count ?? 1), 0)).toBe(5000);
  expect(pollution[0].note).toBe('empty line on stdout');
  expect(pollution.length).toBeLessThanOrEqual(1001);
});
