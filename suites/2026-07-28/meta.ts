// 2026-07-28 per-request metadata: the required `_meta` keys, and what a server owes a request
// that lacks them.
import { defineArea, type CheckContext } from '../../harness/checks/check.js';
import { expectError, expectHttpStatus, expectResult, expectThat, observed } from '../../harness/checks/expect.js';
import { CLIENT_CAPABILITIES_KEY, CLIENT_INFO_KEY, PROTOCOL_VERSION_KEY } from '../../harness/lifecycles/meta.js';
import type { Exchange } from '../../harness/transports/types.js';
import { cheapListMethod, isDualEra } from './helpers.js';

const MISSING_META_SPEC = 'basic#meta';

export default defineArea('2026-07-28', 'meta', [
  {
    slug: 'missing-protocol-version',
    title: 'A request without _meta protocolVersion is rejected with -32602',
    requirement: `A request missing the required _meta key ${PROTOCOL_VERSION_KEY} is malformed: the server MUST reject it with -32602 (Invalid params), on HTTP with status 400.`,
    level: 'MUST',
    spec: MISSING_META_SPEC,
    catalog: ['META-001', 'STDIO-011'],
    async run(ctx) {
      const exchange = await ctx.client.request(cheapListMethod(ctx.profile), {}, { meta: { [PROTOCOL_VERSION_KEY]: undefined } });
      // On HTTP the MCP-Protocol-Version header then has no body value to match; -32020 is a defensible answer too.
      expectError(exchange, ctx.transport === 'http' ? [-32602, -32020] : -32602);
      expectHttpStatus(exchange, 400);
    },
  },
  {
    slug: 'missing-client-capabilities',
    title: 'A request without _meta clientCapabilities is rejected with -32602',
    requirement: `A request missing the required _meta key ${CLIENT_CAPABILITIES_KEY} MUST be rejected with -32602, on HTTP with status 400.`,
    level: 'MUST',
    spec: MISSING_META_SPEC,
    catalog: ['META-002'],
    async run(ctx) {
      const exchange = await ctx.client.request(cheapListMethod(ctx.profile), {}, { meta: { [CLIENT_CAPABILITIES_KEY]: undefined } });
      expectError(exchange, -32602);
      expectHttpStatus(exchange, 400);
    },
  },
  {
    slug: 'missing-meta',
    title: 'A request whose params have no _meta is rejected',
    requirement:
      'Every request carries params._meta with the required keys; one without it is malformed and MUST get -32602 (HTTP 400). A dual-era server may read it as legacy traffic and answer with another error, but never a result.',
    level: 'MUST',
    spec: MISSING_META_SPEC,
    catalog: ['META-003'],
    async run(ctx) {
      const exchange = await ctx.client.request(cheapListMethod(ctx.profile), {}, { omitMeta: true });
      rejectedAsMalformed(ctx, exchange);
    },
  },
  {
    slug: 'no-params',
    title: 'A request with no params at all is rejected',
    requirement: 'params._meta is required on every request, so a request without params MUST get -32602 (HTTP 400); a dual-era server may answer another error, never a result.',
    level: 'MUST',
    spec: MISSING_META_SPEC,
    catalog: ['META-003'],
    async run(ctx) {
      const exchange = await ctx.client.request(cheapListMethod(ctx.profile), undefined, { omitParams: true });
      rejectedAsMalformed(ctx, exchange);
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
      expectResult(await ctx.client.request(cheapListMethod(ctx.profile), {}, { meta: { [CLIENT_INFO_KEY]: undefined } }));
    },
  },
]);

function rejectedAsMalformed(ctx: CheckContext, exchange: Exchange): void {
  if (!isDualEra(ctx.profile)) {
    expectError(exchange, -32602);
    expectHttpStatus(exchange, 400);
    return;
  }
  expectThat(exchange.response?.error !== undefined, 'a request without _meta was served (dual-era servers may reject it with any error, not answer it)', {
    expected: 'a JSON-RPC error',
    actual: observed(exchange),
  });
  if (exchange.http && (exchange.http.status < 400 || exchange.http.status > 499)) {
    ctx.fail(`rejected with HTTP ${exchange.http.status}; a malformed request gets a 4xx status`, { expected: 'HTTP 4xx', actual: observed(exchange) });
  }
}
