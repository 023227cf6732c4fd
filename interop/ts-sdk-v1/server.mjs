// The interop lab's server on @modelcontextprotocol/sdk 1.x, written after the SDK's docs: McpServer
// with registerTool/registerResource/registerPrompt, then connect() to a transport; over HTTP one
// stateful StreamableHTTPServerTransport per session on createMcpExpressApp.
//   stdio:            node server.mjs
//   Streamable HTTP:  node server.mjs --http --port N     (http://127.0.0.1:N/mcp)
//   protected:        node server.mjs --http --port N --auth-issuer URL
//                     a resource server after the SDK's docs: requireBearerAuth with a JWT
//                     verifier (jose, the issuer's JWKS), mcpAuthMetadataRouter for its metadata
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';

import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthMetadataRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as z from 'zod/v4';

const ITEM_IDS = ['item-1', 'item-2', 'item-3'];
const NAMES = ['alice', 'bob', 'carol'];
const readOnly = { readOnlyHint: true };
const text = (value) => ({ content: [{ type: 'text', text: value }] });
const startingWith = (candidates) => (value) => candidates.filter((candidate) => candidate.startsWith(value));

function createLabServer() {
  const server = new McpServer({ name: 'mcp-conform-lab-ts-sdk-v1', version: '1.0.0' });

  server.registerTool(
    'echo',
    { description: 'Returns the given text unchanged', inputSchema: { text: z.string() }, annotations: readOnly },
    async ({ text: value }) => text(value),
  );
  server.registerTool(
    'pick',
    { description: 'Picks one of three colours', inputSchema: { color: z.enum(['red', 'green', 'blue']) }, annotations: readOnly },
    async ({ color }) => text(`picked ${color}`),
  );
  server.registerTool(
    'add',
    {
      description: 'Adds two bounded numbers',
      inputSchema: { a: z.number().int().min(0).max(1000), b: z.number().min(-1_000_000).max(1_000_000) },
      outputSchema: { sum: z.number() },
      annotations: readOnly,
    },
    async ({ a, b }) => {
      const output = { sum: a + b };
      return { ...text(JSON.stringify(output)), structuredContent: output };
    },
  );
  server.registerTool(
    'fail',
    { description: 'Always fails (a tool execution error)', inputSchema: {}, annotations: readOnly },
    async () => ({ ...text('this tool always fails'), isError: true }),
  );
  server.registerTool(
    'sleep',
    { description: 'Waits ms milliseconds', inputSchema: { ms: z.number().int().min(0).max(10_000) }, annotations: readOnly },
    async ({ ms }, extra) => {
      await delay(ms, undefined, { signal: extra.signal });
      return text(`slept ${ms}`);
    },
  );

  server.registerResource('readme', 'lab://readme', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'The mcp-conform interop lab server on @modelcontextprotocol/sdk 1.x.' }],
  }));
  server.registerResource(
    'item',
    new ResourceTemplate('lab://items/{id}', { list: undefined, complete: { id: startingWith(ITEM_IDS) } }),
    { mimeType: 'text/plain' },
    async (uri, { id }) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: `item ${id}` }] }),
  );

  server.registerPrompt(
    'greet',
    { description: 'Greets someone by name', argsSchema: { name: completable(z.string(), startingWith(NAMES)) } },
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

function jsonRpcError(res, status, message) {
  res.status(status).json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}

/** The protected variant's middleware: tokens the issuer signed for this endpoint, with scope mcp:tools. */
function bearerAuth(app, port, issuer) {
  const resource = new URL(`http://127.0.0.1:${port}/mcp`);
  // The issuer starts after this server (mcp-conform runs it), so its metadata is written, not fetched.
  const oauthMetadata = {
    issuer,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'],
  };
  app.use(mcpAuthMetadataRouter({ oauthMetadata, resourceServerUrl: resource, scopesSupported: ['mcp:tools'], resourceName: 'lab' }));
  const keys = createRemoteJWKSet(new URL(oauthMetadata.jwks_uri));
  const verifier = {
    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, keys, { issuer });
        return {
          token,
          clientId: String(payload.client_id ?? payload.sub),
          scopes: typeof payload.scope === 'string' ? payload.scope.split(' ') : [],
          expiresAt: payload.exp,
          resource: typeof payload.aud === 'string' ? new URL(payload.aud) : undefined,
        };
      } catch (error) {
        throw new InvalidTokenError(error.message);
      }
    },
  };
  return requireBearerAuth({
    verifier,
    requiredScopes: ['mcp:tools'],
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(resource),
    expectedResource: resource,
  });
}

async function serveHttp(port, issuer) {
  const transports = {};
  const app = createMcpExpressApp({ host: '127.0.0.1' });
  const guard = issuer ? bearerAuth(app, port, issuer) : (_req, _res, next) => next();
  app.post('/mcp', guard, async (req, res) => {
    const sessionId = req.headers['mcp-session-id'];
    let transport = sessionId ? transports[sessionId] : undefined;
    if (!transport) {
      if (sessionId) return jsonRpcError(res, 404, 'Session not found');
      if (!isInitializeRequest(req.body)) return jsonRpcError(res, 400, 'Bad Request: No valid session ID provided');
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          transports[id] = transport;
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) delete transports[transport.sessionId];
      };
      await createLabServer().connect(transport);
    }
    await transport.handleRequest(req, res, req.body);
  });
  const sessionRequest = async (req, res) => {
    const sessionId = req.headers['mcp-session-id'];
    const transport = sessionId ? transports[sessionId] : undefined;
    if (!transport) return jsonRpcError(res, sessionId ? 404 : 400, sessionId ? 'Session not found' : 'Bad Request: No valid session ID provided');
    await transport.handleRequest(req, res);
  };
  app.get('/mcp', guard, sessionRequest);
  app.delete('/mcp', guard, sessionRequest);
  const httpServer = app.listen(port, '127.0.0.1', () => console.error(`[lab] listening on http://127.0.0.1:${port}/mcp`));
  process.on('SIGTERM', () => {
    httpServer.closeAllConnections();
    void Promise.allSettled(Object.values(transports).map((t) => t.close())).finally(() => process.exit(0));
  });
}

const argv = process.argv.slice(2);
if (argv.includes('--http')) {
  const at = argv.indexOf('--auth-issuer');
  await serveHttp(portFrom(argv), at < 0 ? undefined : argv[at + 1]);
} else {
  const server = createLabServer();
  await server.connect(new StdioServerTransport());
  process.on('SIGTERM', () => void server.close().finally(() => process.exit(0)));
}
