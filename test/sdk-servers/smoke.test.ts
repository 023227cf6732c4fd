// Smoke test for the four official-SDK fixture servers (run after `npm run build`):
// each one starts from dist/, answers a first exchange for its revision, and stops leaving no process.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import readline from 'node:readline';

import { afterEach, describe, expect, it } from 'vitest';

import { builtFixture, startHttpFixture, type HttpFixture } from '../helpers/fixture-process.js';

const V2_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'probe', version: '0' },
};
const V2_SERVER_NAME = 'mcp-conform-sdk-v2';
const V1_SERVER_NAME = 'mcp-conform-sdk-v1';
const TOOL_NAMES = ['add', 'confirm', 'echo', 'fail', 'slow'];

type JsonRpcMessage = {
  jsonrpc: '2.0';
  id?: string | number | null;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, any>;
  error?: { code: number; message: string; data?: unknown };
};

function fixturePath(name: string): string {
  const file = builtFixture(`fixtures/sdk-servers/${name}.ts`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return file;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// ---- stdio --------------------------------------------------------------------------------------

class StdioServer {
  readonly child: ChildProcessWithoutNullStreams;
  /** Every stdout line, in order: the protocol channel must carry nothing else. */
  readonly lines: string[] = [];
  private stderr = '';
  private readonly waiters = new Map<string | number, (message: JsonRpcMessage) => void>();
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(file: string) {
    this.child = spawn(process.execPath, [file], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
    readline.createInterface({ input: this.child.stdout }).on('line', (line) => {
      this.lines.push(line);
      let message: JsonRpcMessage;
      try {
        message = JSON.parse(line) as JsonRpcMessage;
      } catch {
        return; // asserted on at the end via `lines`
      }
      if (message.id !== undefined && message.id !== null && message.method === undefined) {
        this.waiters.get(message.id)?.(message);
        this.waiters.delete(message.id);
      }
    });
  }

  notify(method: string, params?: Record<string, unknown>): void {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method, ...(params && { params }) })}\n`);
  }

  request(id: number, method: string, params?: Record<string, unknown>, timeoutMs = 5000): Promise<JsonRpcMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no reply to ${method} (id ${id}) within ${timeoutMs} ms; stderr: ${this.stderr}`)),
        timeoutMs,
      );
      this.waiters.set(id, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
      this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, ...(params && { params }) })}\n`);
    });
  }

  /** Closes stdin (the stdio shutdown signal) and waits for the process to exit on its own. */
  async closeAndWait(timeoutMs = 5000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    this.child.stdin.end();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`did not exit within ${timeoutMs} ms after stdin closed`)), timeoutMs);
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}

function expectProtocolOnly(lines: string[]): void {
  for (const line of lines) {
    const parsed = JSON.parse(line) as JsonRpcMessage; // throws on a banner or log line
    expect(parsed.jsonrpc).toBe('2.0');
  }
}

// ---- HTTP ---------------------------------------------------------------------------------------

interface HttpReply {
  status: number;
  headers: Headers;
  message?: JsonRpcMessage;
}

/** POSTs one JSON-RPC message; reads a JSON body or an SSE stream up to the response for `id`. */
async function post(url: string, body: JsonRpcMessage, headers: Record<string, string> = {}): Promise<HttpReply> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5000),
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  let message: JsonRpcMessage | undefined;
  if (type.startsWith('text/event-stream')) {
    const events = text
      .split(/\r?\n\r?\n/)
      .map((event) =>
        event
          .split(/\r?\n/)
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n'),
      )
      .filter((data) => data !== '')
      .map((data) => JSON.parse(data) as JsonRpcMessage);
    message = events.find((event) => event.id === body.id && event.method === undefined);
  } else if (text !== '') {
    message = JSON.parse(text) as JsonRpcMessage;
  }
  return { status: response.status, headers: response.headers, message };
}

function v2Headers(method: string, name?: string): Record<string, string> {
  return {
    'MCP-Protocol-Version': '2026-07-28',
    'Mcp-Method': method,
    ...(name !== undefined && { 'Mcp-Name': name }),
  };
}

async function expectStoppedCleanly(fixture: HttpFixture): Promise<void> {
  await fixture.stop();
  expect(fixture.process.exitCode, `stderr: ${fixture.stderr()}`).toBe(0);
  expect(isAlive(fixture.process.pid!)).toBe(false);
  expect(isAlive(-fixture.process.pid!)).toBe(false); // nothing left in its process group either
}

// ---- tests --------------------------------------------------------------------------------------

describe('official SDK fixture servers', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('v2 stdio (@modelcontextprotocol/server, 2026-07-28) answers discover, tools/list and tools/call', async () => {
    const server = new StdioServer(fixturePath('v2-stdio'));
    cleanups.push(() => server.kill());

    const discover = await server.request(1, 'server/discover', { _meta: V2_META });
    expect(discover.error).toBeUndefined();
    expect(discover.result).toMatchObject({
      resultType: 'complete',
      supportedVersions: expect.arrayContaining(['2026-07-28']),
    });
    expect(discover.result!.capabilities).toHaveProperty('tools');
    expect(discover.result!._meta?.['io.modelcontextprotocol/serverInfo']?.name).toBe(V2_SERVER_NAME);

    const list = await server.request(2, 'tools/list', { _meta: V2_META });
    expect(list.result!.resultType).toBe('complete');
    expect(list.result!.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(TOOL_NAMES);

    const call = await server.request(3, 'tools/call', { name: 'echo', arguments: { text: 'hello' }, _meta: V2_META });
    expect(call.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'hello' }] });

    const { code } = await server.closeAndWait();
    expect(code).toBe(0);
    expect(isAlive(server.child.pid!)).toBe(false);
    expectProtocolOnly(server.lines);
  });

  it('v1 stdio (@modelcontextprotocol/sdk, 2025-11-25) answers initialize and tools/list', async () => {
    const server = new StdioServer(fixturePath('v1-stdio'));
    cleanups.push(() => server.kill());

    const init = await server.request(1, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'probe', version: '0' },
    });
    expect(init.result).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: V1_SERVER_NAME } });
    server.notify('notifications/initialized');

    const list = await server.request(2, 'tools/list');
    expect(list.result!.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(TOOL_NAMES);

    const { code } = await server.closeAndWait();
    expect(code).toBe(0);
    expect(isAlive(server.child.pid!)).toBe(false);
    expectProtocolOnly(server.lines);
  });

  it('v2 Streamable HTTP (2026-07-28) answers discover, tools/list and tools/call', async () => {
    const fixture = await startHttpFixture(process.execPath, [fixturePath('v2-http')]);
    cleanups.push(() => fixture.stop());
    expect(fixture.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);

    const discover = await post(
      fixture.url,
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: V2_META } },
      v2Headers('server/discover'),
    );
    expect(discover.status).toBe(200);
    expect(discover.message?.result).toMatchObject({
      resultType: 'complete',
      supportedVersions: expect.arrayContaining(['2026-07-28']),
    });
    expect(discover.headers.get('mcp-session-id')).toBeNull();

    const list = await post(
      fixture.url,
      { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: V2_META } },
      v2Headers('tools/list'),
    );
    expect(list.status).toBe(200);
    expect(list.message!.result!.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(TOOL_NAMES);

    const call = await post(
      fixture.url,
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'hello' }, _meta: V2_META },
      },
      v2Headers('tools/call', 'echo'),
    );
    expect(call.status).toBe(200);
    expect(call.message?.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'hello' }] });

    await expectStoppedCleanly(fixture);
  });

  it('v1 Streamable HTTP (2025-11-25, sessions) answers initialize and tools/list', async () => {
    const fixture = await startHttpFixture(process.execPath, [fixturePath('v1-http')]);
    cleanups.push(() => fixture.stop());
    expect(fixture.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);

    const init = await post(fixture.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'probe', version: '0' } },
    });
    expect(init.status).toBe(200);
    expect(init.message?.result).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: V1_SERVER_NAME } });
    const sessionId = init.headers.get('mcp-session-id');
    expect(sessionId).toMatch(/^[\x21-\x7e]+$/);
    const session = { 'Mcp-Session-Id': sessionId!, 'MCP-Protocol-Version': '2025-11-25' };

    const initialized = await post(fixture.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session);
    expect(initialized.status).toBe(202);

    const list = await post(fixture.url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, session);
    expect(list.status).toBe(200);
    expect(list.message!.result!.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(TOOL_NAMES);

    await expectStoppedCleanly(fixture);
  });
});
