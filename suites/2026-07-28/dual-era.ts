// Dual-era behaviour (2026-07-28 versioning page): a server that serves legacy versions (listed in
// server/discover, or negotiated by initialize) serves an initialize handshake for each of them, next
// to modern traffic, and says the same thing about its features both ways; a modern-only server refuses initialize.
import { cheapRequest } from '../../harness/lifecycles/sample-requests.js';
import { defineArea, type CheckContext } from '../../harness/checks/check.js';
import { errorOf, expectHttpStatus, expectThat, observed } from '../../harness/checks/expect.js';
import { describeOutcome, resultOf } from '../../harness/lifecycles/profile.js';
import type { SessionClient } from '../../harness/lifecycles/session-client.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import { isObject } from '../../harness/model.js';
import { legacyService, listedLegacyVersions, isLegacyVersion } from './kit/era.js';

type Ctx = CheckContext<StatelessClient>;

/** Features both revisions declare under the same capability key (logging: "MUST declare" on both logging pages). */
const SHARED_FEATURES = ['tools', 'resources', 'prompts', 'completions', 'logging'];
/** What a legacy client may ask initialize for: every published legacy revision, and one that never existed. */
const INITIALIZE_PROBES = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '1900-01-01'];

/** The legacy versions the server serves (listed, or negotiated by initialize); skipped when it serves none. */
async function legacyVersions(ctx: Ctx): Promise<{ versions: string[]; because: string }> {
  const service = await legacyService(ctx);
  if (service.versions.length === 0) ctx.skip(`${service.because}: the server is not dual-era`);
  // Before 2025-03-26 HTTP clients used the HTTP+SSE transport, not this endpoint's POSTs.
  const oldest = ctx.transport === 'http' ? '2025-03-26' : '0000';
  return { versions: service.versions.filter((version) => version >= oldest), because: service.because };
}

/** A legacy session at this version, handshaken, or a failure saying what initialize got. */
async function legacySession(ctx: Ctx, version: string, because: string): Promise<SessionClient> {
  const client = await ctx.freshAs('2025-11-25', { initialize: false });
  client.state.requestedVersion = version;
  const exchange = await client.handshake();
  expectThat(client.state.initialized, `initialize for ${version} (${because}) got ${describeOutcome(exchange)}`, {
    expected: 'an InitializeResult',
    actual: observed(exchange),
  });
  return client;
}

export default defineArea('2026-07-28', 'dual-era', [
  {
    slug: 'legacy-versions-served',
    title: 'Every legacy version server/discover lists is served through initialize, next to modern traffic',
    requirement:
      'A dual-era server answers initialize and serves the client according to the negotiated legacy revision, while requests with modern _meta are served statelessly; so each legacy version it serves (listed in server/discover, or negotiated by initialize) is accepted (echoed) by initialize and its session works alongside modern requests.',
    level: 'SHOULD',
    spec: 'basic/versioning#backward-compatibility-with-initialization-based-versions',
    catalog: ['VER-011'],
    async run(ctx) {
      const { versions, because } = await legacyVersions(ctx);
      for (const version of versions) {
        const legacy = await legacySession(ctx, version, because);
        const negotiated = legacy.state.negotiatedVersion;
        expectThat(
          negotiated === version,
          `initialize for ${version} (${because}) negotiated ${JSON.stringify(negotiated)}`,
          { expected: version, actual: legacy.state.initializeResult },
        );
        const method = cheapRequest(ctx.profile, '2025-11-25'); // the legacy session's own cheap request
        const [old, modern] = await Promise.all([legacy.request(method, {}), ctx.client.request('server/discover')]);
        expectThat(resultOf(old) !== undefined, `${method} in a ${version} session got ${describeOutcome(old)}`, {
          expected: 'a result',
          actual: observed(old),
        });
        expectThat(
          resultOf(modern)?.resultType === 'complete',
          `server/discover next to a legacy session got ${describeOutcome(modern)}`,
          { expected: 'a DiscoverResult', actual: observed(modern) },
        );
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
      const { versions, because } = await legacyVersions(ctx);
      if (versions.length === 0) ctx.skip(`${because}, none of them reachable on this transport`);
      const legacy = await legacySession(ctx, versions.includes('2025-11-25') ? '2025-11-25' : versions[0], because);
      const legacyCaps = legacy.state.initializeResult?.capabilities;
      const modernCaps = ctx.profile.capabilities ?? {};
      const differ = SHARED_FEATURES.filter(
        (feature) => isObject(modernCaps[feature]) !== (isObject(legacyCaps) && isObject(legacyCaps[feature])),
      );
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
      // The listing is the claim compared here: a server listing no legacy version makes none (no sentence requires it to list what initialize negotiates).
      if (listedLegacyVersions(ctx.profile).length === 0)
        ctx.skip('server/discover lists no legacy version: it makes no claim about legacy versions to compare');
      const listed = ctx.profile.supportedVersions ?? [];
      const unlisted: Array<{ requested: string; negotiated: unknown }> = [];
      for (const requested of INITIALIZE_PROBES) {
        const client = await ctx.freshAs('2025-11-25', { initialize: false });
        const result = resultOf(await client.initialize(client.initializeParams({ protocolVersion: requested })));
        // An error is the 2025-11-25 lifecycle checks' finding; only a negotiated version is compared here.
        if (result && !listed.includes(result.protocolVersion as string))
          unlisted.push({ requested, negotiated: result.protocolVersion });
      }
      expectThat(
        unlisted.length === 0,
        `initialize negotiated ${unlisted.map((u) => JSON.stringify(u.negotiated)).join(', ')}, which server/discover does not list`,
        {
          expected: `protocolVersion among ${JSON.stringify(listed)}`,
          actual: unlisted,
        },
      );
    },
  },
  {
    slug: 'modern-only-rejects-initialize',
    title: 'A modern-only server rejects a legacy initialize (HTTP: 400)',
    requirement:
      'A legacy client talking to a modern-only server fails: on stdio initialize is an unknown method without the required _meta and gets a JSON-RPC error (code implementation-defined), on HTTP the request lacks the required headers and MUST be rejected with 400 Bad Request (server validation). A server whose initialize negotiates a legacy version is dual-era by what it does, whatever server/discover lists; one answering with a result that negotiates no legacy version is modern-only and serves what it must refuse. Naming the supported versions in that error is the SHOULD of discover/initialize-names-versions (VER-010).',
    level: 'MUST',
    spec: 'basic/versioning#compatibility-matrix',
    catalog: ['RPC-011', 'HTTP-014', 'HTTP-020'],
    async run(ctx) {
      if (listedLegacyVersions(ctx.profile).length > 0)
        ctx.skip('server/discover lists legacy versions: initialize is traffic it serves');
      if (!ctx.profile.supportedVersions)
        ctx.skip(`server/discover did not answer (${ctx.profile.problems[0] ?? 'no result'}): the era is unknown`);
      const legacy = await ctx.freshAs('2025-11-25', { initialize: false });
      const exchange = await legacy.initialize();
      const negotiated = resultOf(exchange)?.protocolVersion;
      if (isLegacyVersion(negotiated))
        ctx.skip(
          `initialize for 2025-11-25 negotiated ${JSON.stringify(negotiated)}: the server is dual-era by what it does (the other dual-era checks judge that traffic)`,
        );
      const reason = `initialize for 2025-11-25 got ${describeOutcome(exchange)}, which negotiates no legacy version: a modern-only server must refuse it`;
      expectThat(
        errorOf(exchange) !== undefined || (exchange.http !== undefined && exchange.http.status >= 400),
        reason,
        {
          expected: 'a JSON-RPC error (HTTP 400)',
          actual: observed(exchange),
        },
      );
      expectHttpStatus(exchange, 400);
    },
  },
]);
