// Dual-era behaviour (2026-07-28 versioning page): a server that lists legacy versions in
// server/discover serves an initialize handshake for each of them, next to modern traffic, and
// says the same thing about its versions and features both ways; a modern-only server refuses initialize.
import { cheapRequest } from '../../harness/lifecycles/sample-requests.js';
import { defineArea, type CheckContext } from '../../harness/checks/check.js';
import { errorOf, expectHttpStatus, expectThat, observed } from '../../harness/checks/expect.js';
import { describeOutcome, resultOf } from '../../harness/lifecycles/profile.js';
import type { SessionClient } from '../../harness/lifecycles/session-client.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import { isObject } from '../../harness/model.js';
import { isDualEra } from './helpers.js';

type Ctx = CheckContext<StatelessClient>;

/** Features both revisions declare under the same capability key (logging: "MUST declare" on both logging pages). */
const SHARED_FEATURES = ['tools', 'resources', 'prompts', 'completions', 'logging'];
const VERSION = /^\d{4}-\d{2}-\d{2}$/;
/** What a legacy client may ask initialize for: every published legacy revision, and one that never existed. */
const INITIALIZE_PROBES = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '1900-01-01'];

function legacyVersions(ctx: Ctx): string[] {
  if (!isDualEra(ctx.profile)) ctx.skip('server/discover lists no legacy version: the server is not dual-era');
  // Before 2025-03-26 HTTP clients used the HTTP+SSE transport, not this endpoint's POSTs.
  const oldest = ctx.transport === 'http' ? '2025-03-26' : '0000';
  return (ctx.profile.supportedVersions ?? []).filter((version) => VERSION.test(version) && version < '2026-07-28' && version >= oldest);
}

/** A legacy session at this version, handshaken, or a failure saying what initialize got. */
async function legacySession(ctx: Ctx, version: string): Promise<SessionClient> {
  const client = await ctx.freshAs('2025-11-25', { initialize: false });
  client.state.requestedVersion = version;
  const exchange = await client.handshake();
  expectThat(client.state.initialized, `initialize for ${version}, which server/discover lists, got ${describeOutcome(exchange)}`, { expected: 'an InitializeResult', actual: observed(exchange) });
  return client;
}

export default defineArea('2026-07-28', 'dual-era', [
  {
    slug: 'legacy-versions-served',
    title: 'Every legacy version server/discover lists is served through initialize, next to modern traffic',
    requirement:
      'A dual-era server answers initialize and serves the client according to the negotiated legacy revision, while requests with modern _meta are served statelessly; so each legacy version it lists is accepted (echoed) by initialize and its session works alongside modern requests.',
    level: 'SHOULD',
    spec: 'basic/versioning#backward-compatibility-with-initialization-based-versions',
    catalog: ['VER-011'],
    async run(ctx) {
      for (const version of legacyVersions(ctx)) {
        const legacy = await legacySession(ctx, version);
        const negotiated = legacy.state.negotiatedVersion;
        expectThat(negotiated === version, `initialize for ${version}, which server/discover lists, negotiated ${JSON.stringify(negotiated)}`, { expected: version, actual: legacy.state.initializeResult });
        const method = cheapRequest(ctx.profile, '2025-11-25'); // the legacy session's own cheap request
        const [old, modern] = await Promise.all([legacy.request(method, {}), ctx.client.request('server/discover')]);
        expectThat(resultOf(old) !== undefined, `${method} in a ${version} session got ${describeOutcome(old)}`, { expected: 'a result', actual: observed(old) });
        expectThat(resultOf(modern)?.resultType === 'complete', `server/discover next to a legacy session got ${describeOutcome(modern)}`, { expected: 'a DiscoverResult', actual: observed(modern) });
      }
    },
  },
  {
    slug: 'capabilities-agree',
    title: 'initialize and server/discover declare the same features',
    requirement:
      'server/discover and the InitializeResult describe one server, so the features both revisions share (tools, resources, prompts, completions, logging) are declared in both or in neither (inferred).',
    level: 'SHOULD',
    spec: 'basic/versioning#backward-compatibility-with-initialization-based-versions',
    catalog: ['VER-011'],
    async run(ctx) {
      legacyVersions(ctx);
      const legacy = await legacySession(ctx, '2025-11-25');
      const legacyCaps = legacy.state.initializeResult?.capabilities;
      const modernCaps = ctx.profile.capabilities ?? {};
      const differ = SHARED_FEATURES.filter((feature) => isObject(modernCaps[feature]) !== (isObject(legacyCaps) && isObject(legacyCaps[feature])));
      expectThat(differ.length === 0, `server/discover and initialize disagree on ${differ.join(', ')}`, {
        expected: Object.fromEntries(SHARED_FEATURES.map((f) => [f, isObject(modernCaps[f])])),
        actual: Object.fromEntries(SHARED_FEATURES.map((f) => [f, isObject(legacyCaps) && isObject(legacyCaps[f])])),
      });
    },
  },
  {
    slug: 'initialize-versions-listed',
    title: 'Every version initialize negotiates is one server/discover lists',
    requirement:
      'supportedVersions lists the protocol versions the server supports, and initialize answers with the requested version only if the server supports it, otherwise with another version it supports; so whatever version initialize negotiates appears in supportedVersions (inferred).',
    level: 'SHOULD',
    spec: 'server/discover#discoverresult',
    catalog: ['VER-011'],
    async run(ctx) {
      legacyVersions(ctx);
      const listed = ctx.profile.supportedVersions ?? [];
      const unlisted: Array<{ requested: string; negotiated: unknown }> = [];
      for (const requested of INITIALIZE_PROBES) {
        const client = await ctx.freshAs('2025-11-25', { initialize: false });
        const result = resultOf(await client.initialize(client.initializeParams({ protocolVersion: requested })));
        // An error is the 2025-11-25 lifecycle checks' finding; only a negotiated version is compared here.
        if (result && !listed.includes(result.protocolVersion as string)) unlisted.push({ requested, negotiated: result.protocolVersion });
      }
      expectThat(unlisted.length === 0, `initialize negotiated ${unlisted.map((u) => JSON.stringify(u.negotiated)).join(', ')}, which server/discover does not list`, {
        expected: `protocolVersion among ${JSON.stringify(listed)}`,
        actual: unlisted,
      });
    },
  },
  {
    slug: 'modern-only-rejects-initialize',
    title: 'A server whose server/discover lists no legacy version rejects a legacy initialize (HTTP: 400)',
    requirement:
      'supportedVersions names the protocol versions the server supports; one listing no legacy version is modern-only, and a legacy client talking to it fails: on stdio initialize is an unknown method without the required _meta and gets a JSON-RPC error (code implementation-defined), on HTTP the request lacks the required headers and MUST be rejected with 400 Bad Request (server validation). Naming the supported versions in that error is the SHOULD of discover/initialize-names-versions (VER-010).',
    level: 'MUST',
    spec: 'basic/versioning#compatibility-matrix',
    catalog: ['RPC-011', 'HTTP-014', 'HTTP-020'],
    async run(ctx) {
      if (isDualEra(ctx.profile)) ctx.skip('server/discover lists legacy versions: initialize is traffic it serves');
      if (!ctx.profile.supportedVersions) ctx.skip(`server/discover did not answer (${ctx.profile.problems[0] ?? 'no result'}): the era is unknown`);
      const legacy = await ctx.freshAs('2025-11-25', { initialize: false });
      const exchange = await legacy.initialize();
      const versions = JSON.stringify(ctx.profile.supportedVersions);
      const reason = `initialize for 2025-11-25 got ${describeOutcome(exchange)}, though server/discover lists only ${versions}: either the server is modern-only and must refuse it, or supportedVersions leaves out a version it serves`;
      expectThat(errorOf(exchange) !== undefined || (exchange.http !== undefined && exchange.http.status >= 400), reason, {
        expected: 'a JSON-RPC error (HTTP 400)',
        actual: observed(exchange),
      });
      expectHttpStatus(exchange, 400);
    },
  },
]);
