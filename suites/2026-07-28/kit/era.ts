// Whether a server is dual-era comes from what it does: server/discover listing a legacy version,
// or a 2025-11-25 initialize that negotiates one. No sentence of the spec requires supportedVersions
// to list the versions initialize negotiates, so a server listing only 2026-07-28 may still be dual-era.
import type { CheckContext } from '../../../harness/checks/check.js';
import { describeOutcome, resultOf, type ServerProfile } from '../../../harness/lifecycles/profile.js';
import { LEGACY_VERSION } from '../../../harness/lifecycles/session-client.js';
import type { StatelessClient } from '../../../harness/lifecycles/stateless-client.js';

type Ctx = Pick<CheckContext<StatelessClient>, 'profile' | 'freshAs'>;

const VERSION = /^\d{4}-\d{2}-\d{2}$/;

export const isLegacyVersion = (version: unknown): version is string =>
  typeof version === 'string' && VERSION.test(version) && version < '2026-07-28';

/** Legacy versions server/discover lists. */
export function listedLegacyVersions(profile: ServerProfile): string[] {
  return (profile.supportedVersions ?? []).filter(isLegacyVersion);
}

interface InitializeAnswer {
  negotiated?: string;
  outcome: string;
  answered: boolean;
}

// One initialize per version and revision run answers the question for every check; silence is not kept, so a later check asks again.
const asked = new WeakMap<ServerProfile, Map<string, Promise<InitializeAnswer>>>();

async function askInitialize(ctx: Ctx, version: string): Promise<InitializeAnswer> {
  const client = await ctx.freshAs('2025-11-25', { initialize: false });
  client.state.requestedVersion = version;
  const exchange = await client.initialize();
  const negotiated = resultOf(exchange)?.protocolVersion;
  return {
    negotiated: typeof negotiated === 'string' ? negotiated : undefined,
    outcome: describeOutcome(exchange),
    answered: exchange.response !== undefined,
  };
}

function legacyInitialize(ctx: Ctx, version = LEGACY_VERSION): Promise<InitializeAnswer> {
  const byVersion = asked.get(ctx.profile) ?? new Map<string, Promise<InitializeAnswer>>();
  asked.set(ctx.profile, byVersion);
  let pending = byVersion.get(version);
  if (!pending) {
    pending = askInitialize(ctx, version);
    byVersion.set(version, pending);
    const forget = () => byVersion.delete(version);
    pending.then((answer) => answer.answered || forget(), forget);
  }
  return pending;
}

/** Whether the server serves this legacy version: server/discover lists it, or an initialize asking for it negotiates it. */
export async function servesLegacyVersion(ctx: Ctx, version: string): Promise<{ serves: boolean; because: string }> {
  if (listedLegacyVersions(ctx.profile).includes(version))
    return { serves: true, because: `server/discover lists ${version}` };
  const answer = await legacyInitialize(ctx, version);
  if (answer.negotiated === version)
    return { serves: true, because: `initialize for ${version} negotiated it (server/discover does not list it)` };
  return {
    serves: false,
    because: `server/discover does not list ${version} and initialize for it got ${answer.negotiated ? `version ${JSON.stringify(answer.negotiated)}` : answer.outcome}`,
  };
}

export interface LegacyService {
  versions: string[];
  because: string;
}

/** The legacy versions the server serves: those server/discover lists, else the one a 2025-11-25 initialize negotiates. */
export async function legacyService(ctx: Ctx): Promise<LegacyService> {
  const listed = listedLegacyVersions(ctx.profile);
  if (listed.length > 0) return { versions: listed, because: `server/discover lists ${JSON.stringify(listed)}` };
  const answer = await legacyInitialize(ctx);
  if (isLegacyVersion(answer.negotiated)) {
    return {
      versions: [answer.negotiated],
      because: `initialize for ${LEGACY_VERSION} negotiated ${JSON.stringify(answer.negotiated)} (server/discover lists no legacy version)`,
    };
  }
  return {
    versions: [],
    because: `server/discover lists no legacy version and initialize for ${LEGACY_VERSION} got ${answer.outcome}`,
  };
}

/** A dual-era server also answers legacy traffic, which changes what a request without _meta means. */
export async function isDualEra(ctx: Ctx): Promise<boolean> {
  return (await legacyService(ctx)).versions.length > 0;
}
