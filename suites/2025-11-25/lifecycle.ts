// 2025-11-25 lifecycle: the initialize / initialized handshake, version negotiation, and what
// a server does with traffic that breaks the handshake order.
import { cheapRequest } from '../../harness/lifecycles/sample-requests.js';
import { defineArea } from '../../harness/checks/check.js';
import { errorOf, expectResult, expectThat, expectValid, observed } from '../../harness/checks/expect.js';
import { describeOutcome, resultOf } from '../../harness/lifecycles/profile.js';
import { LEGACY_VERSION } from '../../harness/lifecycles/session-client.js';
import type { Exchange } from '../../harness/lifecycles/exchange.js';
import { idKey } from '../../harness/lifecycles/exchange.js';
import { inconclusive } from '../../harness/checks/outcome.js';
import { answerOrSilence, barrier, heard } from '../shared/barrier.js';
import { NO_ANSWER_EXPECTED, notifyUnanswerable } from '../shared/unanswered.js';
import { responsesSince, serverRequestsSince, wireMark, type Ctx } from './kit/helpers.js';

const BOGUS_VERSION = '1900-01-01';
const OLDER_VERSIONS = ['2025-06-18', '2025-03-26', '2024-11-05'];
/** How long a check listens for traffic the server should not send (a barrier then proves it was listening). */
const QUIET_WINDOW_MS = 250;
/** Error codes a dual-era client reads as "this server is modern" (2026-07-28). */
const MODERN_ERRORS = [-32020, -32021, -32022];
const TEMPTING_CAPABILITIES = {
  roots: { listChanged: true },
  sampling: { context: {}, tools: {} },
  elicitation: { form: {}, url: {} },
};

/** initialize for a version: a result naming a version, or the spec page's own -32602 example (warned). */
function expectNegotiated(ctx: Ctx, exchange: Exchange, requested: string): string {
  if (errorOf(exchange)) {
    // The lifecycle page's Error Handling example answers this case with -32602.
    ctx.warn(
      `initialize for ${requested} was answered with an error; the normative text asks for a result naming a version the server supports, though the spec page's example shows this error`,
      {
        expected: 'a result naming a supported protocolVersion',
        actual: observed(exchange),
      },
    );
  }
  const result = expectResult(exchange);
  expectThat(typeof result.protocolVersion === 'string', 'the initialize result has no protocolVersion string', {
    expected: 'protocolVersion: string',
    actual: result,
  });
  return result.protocolVersion as string;
}

export default defineArea('2025-11-25', 'lifecycle', [
  {
    slug: 'initialize-result',
    title: 'initialize is answered with the requested version, capabilities and serverInfo',
    requirement:
      'The server MUST respond to initialize with its capabilities and information; if it supports the requested protocol version it MUST respond with the same version. On HTTP the initialize POST carries no MCP-Protocol-Version header: the client sends it only on requests after initialization.',
    level: 'MUST',
    spec: 'basic/lifecycle#initialization',
    catalog: ['LIFE-001', 'VER-001', 'VER-006', 'CAP-012'],
    connection: 'fresh-uninitialized',
    async run(ctx) {
      const result = expectResult(await ctx.client.initialize());
      expectValid(ctx.schema, 'InitializeResult', result, 'the initialize result');
      expectThat(
        result.protocolVersion === LEGACY_VERSION,
        `initialize for ${LEGACY_VERSION} was answered with ${JSON.stringify(result.protocolVersion)}`,
        {
          expected: { protocolVersion: LEGACY_VERSION },
          actual: { protocolVersion: result.protocolVersion },
        },
      );
    },
  },
  {
    slug: 'version-negotiation',
    title: 'initialize with an unsupported version still succeeds, with a version the server supports',
    requirement:
      'If the server does not support the requested version it MUST respond with another protocol version it supports (SHOULD be its latest) — a result, not an error.',
    level: 'MUST',
    spec: 'basic/lifecycle#version-negotiation',
    catalog: ['VER-002'],
    connection: 'fresh-uninitialized',
    async run(ctx) {
      const version = expectNegotiated(
        ctx,
        await ctx.client.initialize(ctx.client.initializeParams({ protocolVersion: BOGUS_VERSION })),
        BOGUS_VERSION,
      );
      expectThat(version !== BOGUS_VERSION, `the server echoed the unsupported version ${BOGUS_VERSION}`, {
        expected: 'a protocolVersion the server supports',
        actual: { protocolVersion: version },
      });
    },
  },
  {
    slug: 'older-versions',
    title: 'initialize for an older revision is echoed or answered with another supported version',
    requirement:
      'Whatever version the client asks for, the server MUST answer initialize with a result: the same version if it supports it, otherwise another version it supports.',
    level: 'MUST',
    spec: 'basic/lifecycle#version-negotiation',
    catalog: ['VER-003'],
    async run(ctx) {
      for (const requested of OLDER_VERSIONS) {
        const client = await ctx.fresh({ initialize: false });
        const version = expectNegotiated(
          ctx,
          await client.initialize(client.initializeParams({ protocolVersion: requested })),
          requested,
        );
        ctx.note(`initialize for ${requested} negotiated ${version}`);
      }
    },
  },
  {
    slug: 'request-before-initialize',
    title: 'A request before initialize is not served',
    requirement:
      'The initialization phase MUST be the first interaction between client and server; the spec names no error for a request sent first, so any error (or HTTP 4xx) is accepted and only serving it is flagged (inferred).',
    level: 'SHOULD',
    spec: 'basic/lifecycle#initialization',
    catalog: ['LIFE-005'],
    connection: 'fresh-uninitialized',
    async run(ctx) {
      const method = cheapRequest(ctx.profile, ctx.revision);
      if (method === 'ping')
        ctx.skip('server offers no list method to send before initialize (ping is allowed at any time)');
      const mark = wireMark(ctx);
      const early = await answerOrSilence(ctx.client, `${method} before initialize`, (signal) =>
        ctx.client.request(method, {}, { signal, expectSilence: true }),
      );
      const after = await ctx.client.handshake();
      // A concurrent server may answer after the barrier: the wire log still has it.
      const exchange = early.response
        ? early
        : {
            ...early,
            response: responsesSince(ctx, ctx.client.connection.name, mark).find(
              (r) => idKey(r.id) === idKey(early.id),
            ),
          };
      expectThat(
        ctx.client.state.initialized,
        `the server no longer accepts initialize after an early ${method}: ${describeOutcome(after)}`,
        {
          expected: 'an initialize result',
          actual: observed(after),
        },
      );
      // Without sessions, an HTTP server cannot tell which requests came before an initialize.
      if (ctx.transport === 'http' && !ctx.client.state.sessionId)
        ctx.skip('server keeps no sessions on HTTP: it cannot relate a request to an initialize');
      if (resultOf(exchange))
        ctx.fail(`${method} sent before initialize was served with a result`, {
          expected: 'an error, an HTTP 4xx, or no answer',
          actual: observed(exchange),
        });
    },
  },
  {
    slug: 'second-initialize',
    title: 'A second initialize gets an answer and leaves a working session',
    requirement:
      'No rule covers a second initialize on an initialized session; an error or a new handshake are both acceptable, but the server should still answer, and afterwards ping must work.',
    level: 'SHOULD',
    spec: 'basic/lifecycle#initialization',
    catalog: ['LIFE-006'],
    connection: 'fresh',
    async run(ctx) {
      // Through initialize(): a new session id (HTTP) is the one to ping next.
      const again = await ctx.client.initialize();
      const refused = again.http !== undefined && again.http.status >= 400 && again.http.status < 500;
      expectThat(again.response !== undefined || refused, `a second initialize got ${describeOutcome(again)}`, {
        expected: 'a result, an error, or an HTTP 4xx',
        actual: observed(again),
      });
      const ping = await ctx.client.request('ping');
      expectThat(resultOf(ping) !== undefined, `after a second initialize, ping got ${describeOutcome(ping)}`, {
        expected: 'ping answered with {}',
        actual: observed(ping),
      });
    },
  },
  {
    slug: 'notifications-not-answered',
    title: 'notifications/initialized and unknown notifications get no response (HTTP: 202, empty)',
    requirement:
      'A receiver MUST NOT send a response to a notification; on Streamable HTTP an accepted notification MUST get 202 Accepted with no body, and one it cannot accept an HTTP error status (a 4xx, its body at most a JSON-RPC error without an id).',
    level: 'MUST',
    spec: 'basic#notifications',
    catalog: ['LIFE-003', 'RPC-008', 'HTTP-002'],
    connection: 'fresh-uninitialized',
    async run(ctx) {
      expectResult(await ctx.client.initialize());
      for (const method of ['notifications/initialized', 'notifications/x-mcp-conform-unknown']) {
        const { reading, said, exchange } = await notifyUnanswerable(ctx.client, method);
        if (reading === 'answered' || reading === 'other')
          ctx.fail(`${method} got ${said}`, { expected: NO_ANSWER_EXPECTED, actual: observed(exchange) });
        if (reading === 'refused') ctx.note(`${method} was refused with ${said}, as the transport allows`);
      }
    },
  },
  {
    slug: 'no-requests-before-initialized',
    title: 'Before notifications/initialized the server sends no requests but ping',
    requirement:
      'The server SHOULD NOT send requests other than pings and logging before receiving the initialized notification.',
    level: 'SHOULD',
    spec: 'basic/lifecycle#initialization',
    catalog: ['LIFE-002'],
    connection: 'fresh-uninitialized',
    async run(ctx) {
      const mark = wireMark(ctx);
      ctx.client.state.clientCapabilities = TEMPTING_CAPABILITIES;
      expectResult(await ctx.client.initialize());
      await ctx.sleep(QUIET_WINDOW_MS);
      await barrier(ctx.client, 'the initialize result');
      const early = serverRequestsSince(ctx, ctx.client.connection.name, mark).filter(
        (request) => request.method !== 'ping',
      );
      if (early.length > 0)
        ctx.fail(`the server sent ${early.map((r) => String(r.method)).join(', ')} before notifications/initialized`, {
          expected: 'no requests but ping',
          actual: early,
        });
    },
  },
  {
    slug: 'modern-probe-not-modern',
    title: 'A server without 2026-07-28 answers a server/discover probe with no modern error',
    requirement:
      'A dual-era client probes with a 2026-07-28 server/discover and falls back to initialize on anything but a DiscoverResult or a recognized modern error (-32020/-32021/-32022); a server that speaks only 2025-11-25 should therefore not answer the probe with one (inferred from the 2026-07-28 versioning page).',
    level: 'SHOULD',
    spec: 'basic/lifecycle#initialization',
    catalog: ['LIFE-005'],
    async run(ctx) {
      const modern = await ctx.freshAs('2026-07-28');
      const exchange = await modern.request('server/discover');
      const result = resultOf(exchange);
      if (result && Array.isArray(result.supportedVersions) && result.supportedVersions.includes('2026-07-28'))
        ctx.skip(
          'the server answers server/discover listing 2026-07-28: it is dual-era (the 2026-07-28 suite covers it)',
        );
      if (result)
        ctx.fail(
          'server/discover was answered with a result, though the server does not list 2026-07-28: a dual-era client takes it for a modern server',
          {
            expected: 'an error or no answer',
            actual: observed(exchange),
          },
        );
      const error = errorOf(exchange);
      if (error && MODERN_ERRORS.includes(error.code as number)) {
        ctx.fail(
          `server/discover was answered with the modern error ${String(error.code)}, so a dual-era client would not fall back to initialize`,
          {
            expected: 'any other error, an HTTP error without a modern error body, or no answer',
            actual: observed(exchange),
          },
        );
      }
      if (!heard(exchange)) {
        // Silence passes only once the server answers a 2025-11-25 ping (allowed before initialize) sent after the probe.
        const ping = await modern.sendMessage({ jsonrpc: '2.0', id: modern.nextId(), method: 'ping' });
        if (!ping.response)
          inconclusive(
            `server/discover got ${describeOutcome(exchange)}, and a ping sent after it got ${describeOutcome(ping)}: silence proves nothing`,
          );
      }
    },
  },
]);
