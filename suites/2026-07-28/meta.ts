// 2026-07-28 per-request metadata: the required `_meta` keys and their types, what a server owes
// a request that lacks them, keys it must tolerate, and the `_meta` it sends back.
import { cheapRequest } from '../../harness/lifecycles/sample-requests.js';
import { defineArea, type CheckContext } from '../../harness/checks/check.js';
import {
  errorOf,
  expectError,
  expectHttpStatus,
  expectResult,
  expectThat,
  observed,
} from '../../harness/checks/expect.js';
import { findInputRequired } from '../../harness/lifecycles/input-required.js';
import {
  CLIENT_CAPABILITIES_KEY,
  CLIENT_INFO_KEY,
  PROTOCOL_VERSION_KEY,
  SERVER_INFO_KEY,
} from '../../harness/lifecycles/meta.js';
import { describeOutcome, resultOf } from '../../harness/lifecycles/profile.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import type { Exchange } from '../../harness/lifecycles/exchange.js';
import { isValidExtensionId, isValidMetaKey, metaKeysIn } from '../shared/meta-keys.js';
import { modernConnections, modernResults, serverMessages, where } from '../shared/wire-pairs.js';
import { isDualEra } from './kit/era.js';

const MISSING_META_SPEC = 'basic#meta';
const BOGUS_VERSION = '1900-01-01';
const MAX_LISTED = 10;
const OTHER_CLIENT = { name: 'mcp-conform-other-client', title: 'Another client', version: '9.9.9' };
const TRACE = {
  traceparent: '00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01',
  tracestate: 'mcpconform=00f067aa0ba902b7',
  baggage: 'userId=mcp-conform,run=1',
};
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

export default defineArea('2026-07-28', 'meta', [
  {
    slug: 'missing-protocol-version',
    title: 'A request without _meta protocolVersion is rejected with -32602',
    requirement: `A request missing the required _meta key ${PROTOCOL_VERSION_KEY} is malformed: the server MUST reject it with -32602 (Invalid params), on HTTP with status 400.`,
    level: 'MUST',
    spec: MISSING_META_SPEC,
    catalog: ['META-001', 'STDIO-011'],
    async run(ctx) {
      const exchange = await ctx.client.request(
        cheapRequest(ctx.profile, ctx.revision),
        {},
        { meta: { [PROTOCOL_VERSION_KEY]: undefined } },
      );
      expectError(exchange, versionlessBodyCodes(ctx));
      expectHttpStatus(exchange, 400);
    },
  },
  {
    slug: 'missing-client-capabilities',
    title: 'A request without _meta clientCapabilities is rejected with -32602',
    requirement: `A request missing the required _meta key ${CLIENT_CAPABILITIES_KEY} MUST be rejected with -32602, on HTTP with status 400.`,
    level: 'MUST',
    spec: MISSING_META_SPEC,
    catalog: ['META-002', 'HTTP-021'],
    async run(ctx) {
      const exchange = await ctx.client.request(
        cheapRequest(ctx.profile, ctx.revision),
        {},
        { meta: { [CLIENT_CAPABILITIES_KEY]: undefined } },
      );
      expectError(exchange, -32602);
      expectHttpStatus(exchange, 400);
    },
  },
  {
    slug: 'missing-meta',
    title: 'A request whose params have no _meta is rejected',
    requirement:
      'Every request carries params._meta with the required keys; one without it is malformed and MUST get -32602 (HTTP 400; there -32020 too, as the MCP-Protocol-Version header has no body value to match). A dual-era server may read it as legacy traffic and answer with another error, but never a result.',
    level: 'MUST',
    spec: MISSING_META_SPEC,
    catalog: ['META-003'],
    async run(ctx) {
      const exchange = await ctx.client.request(cheapRequest(ctx.profile, ctx.revision), {}, { omitMeta: true });
      await rejectedAsMalformed(ctx, exchange);
    },
  },
  {
    slug: 'no-params',
    title: 'A request with no params at all is rejected',
    requirement:
      'params._meta is required on every request, so a request without params MUST get -32602 (HTTP 400; there -32020 too, as the MCP-Protocol-Version header has no body value to match); a dual-era server may answer another error, never a result.',
    level: 'MUST',
    spec: MISSING_META_SPEC,
    catalog: ['META-003'],
    async run(ctx) {
      const exchange = await ctx.client.request(cheapRequest(ctx.profile, ctx.revision), undefined, {
        omitParams: true,
      });
      await rejectedAsMalformed(ctx, exchange);
    },
  },
  {
    slug: 'client-info-optional',
    title: 'A request without clientInfo is served',
    requirement: `${CLIENT_INFO_KEY} is recommended, not required: a request that carries the required keys but no clientInfo is valid and MUST be served.`,
    level: 'MUST',
    spec: MISSING_META_SPEC,
    catalog: ['META-004'],
    async run(ctx) {
      expectResult(
        await ctx.client.request(
          cheapRequest(ctx.profile, ctx.revision),
          {},
          { meta: { [CLIENT_INFO_KEY]: undefined } },
        ),
      );
    },
  },
  {
    slug: 'protocol-version-type',
    title: 'A protocolVersion that is not a string is rejected',
    requirement: `${PROTOCOL_VERSION_KEY} is a string; a number or null in its place is a malformed request (-32602, HTTP 400). An unsupported-version answer (-32022) is defensible too, and on HTTP a header mismatch (-32020); a result never is.`,
    level: 'SHOULD',
    spec: MISSING_META_SPEC,
    catalog: ['META-001', 'VER-009'],
    async run(ctx) {
      for (const value of [20260728, null]) {
        const exchange = await ctx.client.request(
          cheapRequest(ctx.profile, ctx.revision),
          {},
          { meta: { [PROTOCOL_VERSION_KEY]: value } },
        );
        expectError(
          exchange,
          ctx.transport === 'http' ? [-32602, -32022, -32020] : [-32602, -32022],
          `a rejection (-32602 or -32022) of protocolVersion ${JSON.stringify(value)}`,
        );
        expectHttpStatus(exchange, 400);
      }
    },
  },
  {
    slug: 'client-capabilities-type',
    title: 'A clientCapabilities that is not an object is rejected with -32602',
    requirement: `${CLIENT_CAPABILITIES_KEY} is a ClientCapabilities object; a string, an array or null in its place is a malformed request: -32602, HTTP 400 (inferred from the missing-key rule).`,
    level: 'SHOULD',
    spec: MISSING_META_SPEC,
    catalog: ['META-002'],
    async run(ctx) {
      for (const value of ['all', [], null]) {
        const exchange = await ctx.client.request(
          cheapRequest(ctx.profile, ctx.revision),
          {},
          { meta: { [CLIENT_CAPABILITIES_KEY]: value } },
        );
        expectError(exchange, -32602, `-32602 for clientCapabilities ${JSON.stringify(value)}`);
        expectHttpStatus(exchange, 400);
      }
    },
  },
  {
    slug: 'unknown-fields-tolerated',
    title: 'Unknown _meta keys and params members are ignored',
    requirement:
      'Request params and _meta are open objects: a request carrying a vendor-prefixed _meta key and an unknown params member is still served (inferred).',
    level: 'SHOULD',
    spec: MISSING_META_SPEC,
    catalog: ['RPC-017'],
    async run(ctx) {
      const method = cheapRequest(ctx.profile, ctx.revision);
      expectResult(
        await ctx.client.request(method, {}, { meta: { 'com.example.mcp-conform/probe': 'unknown' } }),
        `a result for ${method} with an unknown _meta key`,
      );
      expectResult(
        await ctx.client.request(method, { 'com.example.mcp-conform/extra': 1 }),
        `a result for ${method} with an unknown params member`,
      );
    },
  },
  {
    slug: 'trace-context',
    title: 'OpenTelemetry trace context in _meta is accepted',
    requirement:
      'traceparent, tracestate and baggage are reserved _meta keys for trace propagation: a request carrying them is served, and any the server sends back follow W3C Trace Context (accepting them is inferred; the format is a MUST).',
    level: 'SHOULD',
    spec: MISSING_META_SPEC,
    catalog: ['META-010'],
    async run(ctx) {
      const method = cheapRequest(ctx.profile, ctx.revision);
      const result = expectResult(
        await ctx.client.request(method, {}, { meta: TRACE }),
        `a result for ${method} carrying trace context`,
      );
      const echoed = isObject(result._meta) ? result._meta.traceparent : undefined;
      if (echoed !== undefined && !(typeof echoed === 'string' && TRACEPARENT.test(echoed))) {
        ctx.fail(`the result's _meta.traceparent is not W3C Trace Context: ${JSON.stringify(echoed)}`, {
          expected: 'version-traceid-parentid-flags',
          actual: result._meta,
        });
      }
    },
  },
  {
    slug: 'client-info-no-effect',
    title: 'Results do not depend on clientInfo',
    requirement:
      'clientInfo is self-reported and for display, logging and debugging: servers SHOULD NOT use it to change their behavior (compared: server/discover and a list, with our clientInfo, another one, and none).',
    level: 'SHOULD',
    spec: MISSING_META_SPEC,
    catalog: ['META-008'],
    async run(ctx) {
      for (const method of ['server/discover', cheapRequest(ctx.profile, ctx.revision)]) {
        const answers = [];
        for (const clientInfo of [undefined, OTHER_CLIENT])
          answers.push(comparable(await ctx.client.request(method, {}, { meta: { [CLIENT_INFO_KEY]: clientInfo } })));
        const ours = comparable(await ctx.client.request(method, {}));
        const differing = answers.find((answer) => answer !== ours);
        if (differing !== undefined)
          ctx.fail(`${method} answers differently depending on clientInfo`, {
            expected: JSON.parse(ours),
            actual: JSON.parse(differing),
          });
      }
    },
  },
  {
    slug: 'stateless-version',
    title: 'Each request is judged on its own protocol version',
    requirement:
      'Servers MUST NOT rely on prior requests over the same connection for context such as the protocol version: on a fresh connection, an unsupported version, a supported one, then an unsupported one again each get their own answer.',
    level: 'MUST',
    spec: 'basic#statelessness',
    catalog: ['META-006'],
    connection: 'fresh',
    async run(ctx) {
      const method = cheapRequest(ctx.profile, ctx.revision);
      for (const version of [BOGUS_VERSION, undefined, BOGUS_VERSION, undefined]) {
        const exchange = await ctx.client.request(
          method,
          {},
          version ? { meta: { [PROTOCOL_VERSION_KEY]: version } } : {},
        );
        if (version) expectError(exchange, -32022, `-32022 for version ${version}, whatever came before`);
        else expectResult(exchange, `a result for version 2026-07-28 after a request for ${BOGUS_VERSION}`);
      }
    },
  },
  {
    slug: 'missing-client-capability',
    title: 'A request that needs an undeclared client capability gets -32021 naming it',
    requirement:
      'If processing a request requires a capability the client did not declare, the server MUST return MissingRequiredClientCapabilityError (-32021) whose data.requiredCapabilities lists the missing capabilities; on HTTP with status 400. Serving the request without that capability is the other allowed answer.',
    level: 'MUST',
    spec: MISSING_META_SPEC,
    catalog: ['META-007'],
    async run(ctx) {
      if (ctx.toolCallPolicy === 'none') ctx.skip('tool calls are disabled (--tool-calls none)');
      const offer = await findInputRequired(ctx.client, ctx.profile);
      if (!offer)
        return ctx.skip(
          'no tools/call, prompts/get or resources/read the server offers asks for client input, even with every capability declared',
        );
      const bare = await ctx.client.request(offer.call.method, offer.call.params);
      if (resultOf(bare))
        ctx.skip(
          `${offer.call.label} is served without client capabilities (allowed; the MRTR checks judge what it asks for)`,
        );
      const error = expectError(
        bare,
        -32021,
        `-32021 for ${offer.call.label} without the client capabilities it asks for`,
      );
      expectHttpStatus(bare, 400);
      const required = isObject(error.data) ? error.data.requiredCapabilities : undefined;
      expectThat(
        isObject(required) && Object.keys(required).length > 0,
        'error.data.requiredCapabilities does not name any capability',
        {
          expected: 'data.requiredCapabilities: a non-empty ClientCapabilities',
          actual: error.data,
        },
      );
      const declared = await ctx.client.withCapabilities(required).request(offer.call.method, offer.call.params);
      expectThat(
        errorOf(declared)?.code !== -32021,
        `declaring data.requiredCapabilities (${JSON.stringify(required)}) still gets -32021`,
        {
          expected: 'a result or another answer',
          actual: observed(declared),
        },
      );
    },
  },
  {
    slug: 'server-info',
    title: 'Every result names the server in _meta serverInfo',
    requirement: `Servers SHOULD include ${SERVER_INFO_KEY} (an Implementation: name and version) in every result's _meta (checked over every result of the run, server/discover included).`,
    level: 'SHOULD',
    spec: MISSING_META_SPEC,
    catalog: ['META-005', 'VER-006'],
    phase: 'post',
    async run(ctx) {
      const results = modernResults(ctx.wire.entries);
      const bad = results.filter(
        (pair) => !ctx.schema.validate('Implementation', metaOf(pair.result)[SERVER_INFO_KEY]).valid,
      );
      if (bad.length === 0) return;
      ctx.fail(
        `${bad.length} of ${results.length} result(s) lack a valid ${SERVER_INFO_KEY}; first, for ${String(bad[0].request.method)}`,
        {
          expected: `_meta["${SERVER_INFO_KEY}"]: { name, version }`,
          actual: bad
            .slice(0, MAX_LISTED)
            .map((pair) => ({ ...where(pair.responseEntry), method: pair.request.method, _meta: metaOf(pair.result) })),
        },
      );
    },
  },
  {
    slug: 'meta-key-names',
    title: 'Every _meta key the server sends, and every extension id it declares, is well formed',
    requirement:
      'A _meta key is an optional prefix (dot-separated labels that start with a letter and end with a letter or digit, then "/") and a name that is empty or starts and ends alphanumeric; extension identifiers in capabilities.extensions follow the same rule with a mandatory prefix.',
    level: 'MUST',
    spec: MISSING_META_SPEC,
    catalog: ['META-009', 'META-016'],
    phase: 'post',
    async run(ctx) {
      const modern = modernConnections(ctx.wire.entries);
      const bad = serverMessages(ctx.wire.entries)
        .filter(({ entry }) => modern.has(entry.connection))
        .flatMap(({ entry, message }) =>
          metaKeysIn(message)
            .filter(({ key }) => !isValidMetaKey(key))
            .map((found) => ({ ...where(entry), ...found })),
        );
      const extensions = ctx.profile.capabilities?.extensions;
      const badIds = isObject(extensions) ? Object.keys(extensions).filter((id) => !isValidExtensionId(id)) : [];
      if (bad.length > 0)
        ctx.fail(`${bad.length} _meta key(s) break the naming rule; first: ${JSON.stringify(bad[0].key)}`, {
          expected: 'prefix/name keys',
          actual: bad.slice(0, MAX_LISTED),
        });
      if (badIds.length > 0)
        ctx.fail(`capabilities.extensions has identifier(s) without a valid prefix: ${badIds.join(', ')}`, {
          expected: 'e.g. io.modelcontextprotocol/tasks',
          actual: Object.keys(extensions as JsonObject),
        });
    },
  },
]);

/** The answer without what may vary between identical calls: _meta, the TTL, cursor tokens, list order. */
function comparable(exchange: Exchange): string {
  const result = resultOf(exchange);
  if (!result) return JSON.stringify({ outcome: describeOutcome(exchange) });
  const { _meta: _m, ttlMs: _t, nextCursor: _c, ...rest } = result;
  const sorted = Object.entries(rest).map(([key, value]) => [
    key,
    Array.isArray(value) ? value.map((item) => JSON.stringify(item)).sort() : value,
  ]);
  return JSON.stringify(Object.fromEntries(sorted));
}

function metaOf(result: unknown): JsonObject {
  return isObject(result) && isObject(result._meta) ? result._meta : {};
}

/**
 * The codes for a request whose body carries no protocolVersion: -32602 (malformed _meta), and on HTTP
 * -32020 as well, since the MCP-Protocol-Version header then has no body value to match. One rule
 * for every check that drops the version from the body.
 */
function versionlessBodyCodes(ctx: Pick<CheckContext, 'transport'>): number[] {
  return ctx.transport === 'http' ? [-32602, -32020] : [-32602];
}

async function rejectedAsMalformed(ctx: CheckContext<StatelessClient>, exchange: Exchange): Promise<void> {
  const code = errorOf(exchange)?.code;
  const strict = versionlessBodyCodes(ctx).includes(code as number) && (!exchange.http || exchange.http.status === 400);
  // Asking whether the server is dual-era costs an initialize: only when the strict answer did not come.
  if (strict) return;
  if (!(await isDualEra(ctx))) {
    expectError(exchange, versionlessBodyCodes(ctx));
    expectHttpStatus(exchange, 400);
    return;
  }
  expectThat(
    exchange.response?.error !== undefined,
    'a request without _meta was served (dual-era servers may reject it with any error, not answer it)',
    {
      expected: 'a JSON-RPC error',
      actual: observed(exchange),
    },
  );
  if (exchange.http && (exchange.http.status < 400 || exchange.http.status > 499)) {
    ctx.fail(`rejected with HTTP ${exchange.http.status}; a malformed request gets a 4xx status`, {
      expected: 'HTTP 4xx',
      actual: observed(exchange),
    });
  }
}
