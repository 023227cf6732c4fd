// 2025-11-25 Streamable HTTP sessions: Mcp-Session-Id issued on initialize, required after it,
// unknown or ended ids get 404, DELETE ends a session; MCP-Protocol-Version; Origin; media types.
import { cheapRequest } from '../../harness/lifecycles/sample-requests.js';
import { foreignHostRefused } from '../shared/host-header.js';
import { expectBodyRefused } from '../shared/refused-body.js';
import { defineArea } from '../../harness/checks/check.js';
import { expectHttpStatus, expectResult, expectThat, observed } from '../../harness/checks/expect.js';
import { describeOutcome, resultOf } from '../../harness/lifecycles/profile.js';
import type { SessionClient } from '../../harness/lifecycles/session-client.js';
import type { Ctx } from './kit/helpers.js';

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;
const SESSIONS_FOR_UNIQUENESS = 5;
const MIN_SECURE_LENGTH = 16;
const BAD_ORIGIN = 'http://evil.example.invalid';

/** The session id this fresh connection got, or a skip when the server does not use sessions. */
function sessionIdOf(ctx: Ctx, client: SessionClient): string {
  return client.state.sessionId ?? ctx.skip('server issues no Mcp-Session-Id (sessions are optional)');
}

async function deleteSession(client: SessionClient) {
  return client.sendRaw('', { httpMethod: 'DELETE' });
}

export default defineArea('2025-11-25', 'sessions', [
  {
    slug: 'session-id-visible-ascii',
    title: 'Mcp-Session-Id uses only visible ASCII',
    requirement:
      'A session id assigned in the Mcp-Session-Id header of the initialize response MUST only contain visible ASCII characters (0x21 to 0x7E).',
    level: 'MUST',
    spec: 'basic/transports#session-management',
    catalog: ['SESS-001', 'SESS-002'],
    transports: ['http'],
    connection: 'fresh',
    async run(ctx) {
      const id = sessionIdOf(ctx, ctx.client);
      expectThat(VISIBLE_ASCII.test(id), `Mcp-Session-Id ${JSON.stringify(id)} has characters outside 0x21-0x7E`, {
        expected: 'visible ASCII only',
        actual: id,
      });
    },
  },
  {
    slug: 'session-ids-unique',
    title: 'Session ids are unique and not guessable',
    requirement:
      'The session id SHOULD be globally unique and cryptographically secure (e.g. a secure UUID, a JWT or a cryptographic hash).',
    level: 'SHOULD',
    spec: 'basic/transports#session-management',
    catalog: ['SESS-003'],
    transports: ['http'],
    async run(ctx) {
      const ids: string[] = [];
      for (let i = 0; i < SESSIONS_FOR_UNIQUENESS; i++) ids.push(sessionIdOf(ctx, await ctx.fresh()));
      expectThat(new Set(ids).size === ids.length, 'the server issued the same session id twice', {
        expected: 'distinct ids',
        actual: ids,
      });
      const weak = ids.filter((id) => id.length < MIN_SECURE_LENGTH || /^\d+$/.test(id));
      expectThat(weak.length === 0, `session ids look guessable (short or numeric): ${weak.join(', ')}`, {
        expected: `random ids of at least ${MIN_SECURE_LENGTH} characters`,
        actual: ids,
      });
    },
  },
  {
    slug: 'session-required',
    title: 'A request without Mcp-Session-Id gets 400 once sessions are in use',
    requirement:
      'Servers that require a session id SHOULD respond to requests without an Mcp-Session-Id header (other than initialization) with HTTP 400 Bad Request.',
    level: 'SHOULD',
    spec: 'basic/transports#session-management',
    catalog: ['SESS-004'],
    transports: ['http'],
    connection: 'fresh',
    async run(ctx) {
      sessionIdOf(ctx, ctx.client);
      const method = cheapRequest(ctx.profile, ctx.revision);
      const exchange = await ctx.client.request(method, {}, { headers: { 'mcp-session-id': null } });
      expectHttpStatus(exchange, 400);
    },
  },
  {
    slug: 'unknown-session',
    title: 'A session id the server never issued gets 404',
    requirement:
      'After a session ends the server MUST answer requests carrying its id with 404 Not Found; an id that was never issued is no session either, so it gets 404 too (inferred).',
    level: 'SHOULD',
    spec: 'basic/transports#session-management',
    catalog: ['SESS-006'],
    transports: ['http'],
    connection: 'fresh',
    async run(ctx) {
      sessionIdOf(ctx, ctx.client);
      const exchange = await ctx.client.request('ping', undefined, {
        headers: { 'mcp-session-id': `x-mcp-conform-unknown-${Date.now()}` },
      });
      expectHttpStatus(exchange, 404);
    },
  },
  {
    slug: 'delete-ends-session',
    title: 'DELETE ends the session (later requests get 404, a new initialize a new id), or is refused with 405',
    requirement:
      'A client SHOULD end a session with DELETE; the server MAY answer 405. Once it has ended a session it MUST answer requests carrying that id with 404 Not Found, and the client then starts a new session with an initialize that carries no session id.',
    level: 'MUST',
    spec: 'basic/transports#session-management',
    catalog: ['SESS-005', 'SESS-007', 'SESS-008'],
    transports: ['http'],
    connection: 'fresh',
    async run(ctx) {
      const old = sessionIdOf(ctx, ctx.client);
      const deleted = await deleteSession(ctx.client);
      const status = deleted.http?.status ?? 0;
      const after = await ctx.client.request('ping');
      if (status === 405) {
        expectThat(
          resultOf(after) !== undefined,
          `DELETE was refused with 405, but the session then failed: ${describeOutcome(after)}`,
          {
            expected: 'the session still works',
            actual: observed(after),
          },
        );
        return ctx.note('DELETE refused with 405; the session kept working');
      }
      if (status < 200 || status >= 300)
        ctx.skip(`DELETE got HTTP ${status}; the spec defines only ending the session or 405`);
      expectHttpStatus(after, 404);
      const renewed = expectResult(
        await ctx.client.initialize(undefined, { headers: { 'mcp-session-id': null } }),
        'a result for a new initialize without a session id',
      );
      const id = ctx.client.state.sessionId;
      expectThat(id !== old, `the new session got the id of the ended one (${JSON.stringify(old)})`, {
        expected: 'a new session id',
        actual: renewed,
      });
    },
  },
  {
    slug: 'protocol-version-header-invalid',
    title: 'An invalid or unsupported MCP-Protocol-Version gets 400',
    requirement:
      'If the server receives a request with an invalid or unsupported MCP-Protocol-Version, it MUST respond with 400 Bad Request.',
    level: 'MUST',
    spec: 'basic/transports#protocol-version-header',
    catalog: ['VER-004'],
    transports: ['http'],
    connection: 'fresh',
    async run(ctx) {
      for (const version of ['1900-01-01', 'not-a-version']) {
        const exchange = await ctx.client.request('ping', undefined, { headers: { 'mcp-protocol-version': version } });
        expectHttpStatus(exchange, 400);
      }
    },
  },
  {
    slug: 'protocol-version-header-missing',
    title: 'A request without MCP-Protocol-Version is served by the session',
    requirement:
      'Without an MCP-Protocol-Version header the server uses the version negotiated in the session (or assumes 2025-03-26), so the request SHOULD still be served.',
    level: 'SHOULD',
    spec: 'basic/transports#protocol-version-header',
    catalog: ['VER-005'],
    transports: ['http'],
    connection: 'fresh',
    async run(ctx) {
      const exchange = await ctx.client.request('ping', undefined, { headers: { 'mcp-protocol-version': null } });
      expectThat(
        resultOf(exchange) !== undefined,
        `ping without MCP-Protocol-Version got ${describeOutcome(exchange)}`,
        { expected: 'a result', actual: observed(exchange) },
      );
    },
  },
  {
    slug: 'origin-validated',
    title: 'A request with a foreign Origin gets 403, initialize or inside a session',
    requirement:
      'Servers MUST validate the Origin header on all incoming connections; if it is present and invalid they MUST respond with HTTP 403 Forbidden.',
    level: 'MUST',
    spec: 'basic/transports#security-warning',
    catalog: ['HTTP-011'],
    transports: ['http'],
    connection: 'fresh-uninitialized',
    async run(ctx) {
      expectHttpStatus(await ctx.client.initialize(undefined, { headers: { origin: BAD_ORIGIN } }), 403);
      expectResult(await ctx.client.handshake());
      expectHttpStatus(await ctx.client.request('ping', undefined, { headers: { origin: BAD_ORIGIN } }), 403);
    },
  },
  foreignHostRefused('basic/transports#security-warning', ['HTTP-011']),
  {
    slug: 'batch-rejected',
    title: 'A JSON-RPC batch in the POST body is refused, not processed',
    requirement:
      'The body of a POST MUST be a single JSON-RPC request, notification or response (batches left MCP in 2025-06-18); how a server refuses a batch is not specified, so a 4xx or -32600 is expected and a 5xx or a processed batch is reported (a warning), as in 2026-07-28.',
    level: 'SHOULD',
    levelReason:
      'derived: the MUST binds the client that writes the body; how a server refuses a batch has no keyword of its own (the level 2026-07-28/http/batch-rejected gives it)',
    spec: 'basic/transports#sending-messages-to-the-server',
    catalog: ['RPC-012'],
    transports: ['http'],
    connection: 'fresh',
    async run(ctx) {
      const batch = [{ jsonrpc: '2.0', id: 'mcp-conform-batched', method: 'ping' }];
      const exchange = await ctx.client.sendRaw(JSON.stringify(batch), { timeoutMs: 2000 });
      await expectBodyRefused(ctx.client, exchange, 'a batch (array) of one ping');
    },
  },
  {
    slug: 'response-media-type',
    title: 'A request is answered with application/json or text/event-stream',
    requirement:
      'If the input is a JSON-RPC request, the server MUST either return Content-Type: text/event-stream (an SSE stream) or Content-Type: application/json (one JSON object).',
    level: 'MUST',
    spec: 'basic/transports#sending-messages-to-the-server',
    catalog: ['HTTP-004'],
    transports: ['http'],
    connection: 'fresh',
    async run(ctx) {
      for (const method of ['ping', cheapRequest(ctx.profile, ctx.revision)]) {
        const exchange = await ctx.client.request(method, {});
        const type = exchange.http?.contentType ?? '';
        expectThat(
          type === 'application/json' || type === 'text/event-stream',
          `${method} was answered with Content-Type ${JSON.stringify(type)}`,
          {
            expected: 'application/json or text/event-stream',
            actual: observed(exchange),
          },
        );
      }
    },
  },
]);
