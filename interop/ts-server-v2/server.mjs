// The interop lab's server on @modelcontextprotocol/server 2.x, written after the SDK's docs:
// a factory building a fresh McpServer, handed to serveStdio() or createMcpHandler().
//   stdio:            node server.mjs
//   Streamable HTTP:  node server.mjs --http --port N     (http://127.0.0.1:N/mcp)
import { createServer } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';

import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { completable, createMcpHandler, McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod/v4';

const ITEM_IDS = ['item-1', 'item-2', 'item-3'];
const NAMES = ['alice', 'bob', 'carol'];
const readOnly = { readOnlyHint: true };
const text = (value) => ({ content: [{ type: 'text', text: value }] });
const startingWith = (candidates) => (value) => candidates.filter((candidate) => candidate.startsWith(value));

function createLabServer() {
  const server = new McpServer({ name: 'mcp-conform-lab-ts-server-v2', version: '1.0.0' });

  server.registerTool(
    'echo',
    { description: 'Returns the given text unchanged', inputSchema: z.object({ text: z.string() }), annotations: readOnly },
    async ({ text: value }) => text(value),
  );
  server.registerTool(
    'pick',
    { description: 'Picks one of three colours', inputSchema: z.object({ color: z.enum(['red', 'green', 'blue']) }), annotations: readOnly },
    async ({ color }) => text(`picked ${color}`),
  );
  server.registerTool(
    'add',
    {
      description: 'Adds two bounded numbers',
      inputSchema: z.object({ a: z.number().int().min(0).max(1000), b: z.number().min(-1_000_000).max(1_000_000) }),
      outputSchema: z.object({ sum: z.number() }),
      annotations: readOnly,
    },
    async ({ a, b }) => {
      const output = { sum: a + b };
      return { ...text(JSON.stringify(output)), structuredContent: output };
    },
  );
  server.registerTool(
    'fail',
    { description: 'Always fails (a tool execution error)', inputSchema: z.object({}), annotations: readOnly },
    async () => ({ ...text('this tool always fails'), isError: true }),
  );
  server.registerTool(
    'sleep',
    { description: 'Waits ms milliseconds', inputSchema: z.object({ ms: z.number().int().min(0).max(10_000) }), annotations: readOnly },
    async ({ ms }, ctx) => {
      await delay(ms, undefined, { signal: ctx.mcpReq.signal });
      return text(`slept ${ms}`);
    },
  );

  server.registerResource('readme', 'lab://readme', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'The mcp-conform interop lab server on @modelcontextprotocol/server 2.x.' }],
  }));
  server.registerResource(
    'item',
    new ResourceTemplate('lab://items/{id}', { list: undefined, complete: { id: startingWith(ITEM_IDS) } }),
    { mimeType: 'text/plain' },
    async (uri, { id }) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: `item ${id}` }] }),
  );

  server.registerPrompt(
    'greet',
    { description: 'Greets someone by name', argsSchema: z.object({ name: completable(z.string(), startingWith(NAMES)) }) },
    ({ name }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Hello, ${name}!` } }] }),
  );
  return server;
}

function portFrom(argv) {
  const at = argv.indexOf('--port');
  const port = Number(argv[at + 1]);
  if (at < 0 || !Number.isInteger(port)) throw new Error('--http needs --port N');
  return port;
}

const argv = process.argv.slice(2);
if (!argv.includes('--http')) {
  const handle = serveStdio(() => createLabServer(), { onerror: (error) => console.error('[lab] error:', error.message) });
  process.on('SIGTERM', () => void handle.close().finally(() => process.exit(0)));
} else {
  const handler = createMcpHandler(() => createLabServer(), { onerror: (error) => console.error('[lab] error:', error.message) });
  const nodeHandler = toNodeHandler(handler);
  const validateHost = localhostHostValidation();
  const validateOrigin = localhostOriginValidation();
  const httpServer = createServer(async (req, res) => {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    if (!validateHost(req, res) || !validateOrigin(req, res)) return;
    await nodeHandler(req, res);
  });
  const port = portFrom(argv);
  httpServer.listen(port, '127.0.0.1', () => console.error(`[lab] listening on http://127.0.0.1:${port}/mcp`));
  process.on('SIGTERM', () => {
    httpServer.closeAllConnections();
    void handler.close().finally(() => process.exit(0));
  });
}
