// Whether a server is dual-era comes from what it does: server/discover listing a legacy version,
// or a 2025-11-25 initialize that negotiates one. No sentence of the spec requires supportedVersions
// to list the versions initialize negotiates, so a server listing only 2026-07-28 may still be dual-era.
import type { CheckContext } from '../../../harness/checks/check.js';
import { describeOutcome, resultOf, type ServerProfile } from '../../../harness/lifecycles/profile.js';
import { LEGACY_VERSION } from '../../../harness/lifecycles/session-client.js';
import type { StatelessClient } from '../../../harness/lifecycles/stateless-client.js';

type Ctx = Pick<CheckContext<StatelessClient>, 'profile' | 'freshAs'>;

const VERSION = /^\d{4}-\d{2}-\d{2}$/;

export const isLegacyVersion = (version: unknown): version is string => typeof version === 'string' && VERSION.test(version) && version < '2026-07-28';

/** Legacy versions server/discover lists. */
export function listedLegacyVersions(profile: ServerProfile): string[] {
  return (profile.supportedVersions ?? []).filter(isLegacyVersion);
}

interface InitializeAnswer {
  negotiated?: string;
  outcome: string;
  answered: boolean;
}

// One initialize per revision run answers the question for every check; silence is not kept, so a later check asks again.
const asked = new WeakMap<ServerProfile, Promise<InitializeAnswer>>();

async function askInitialize(ctx: Ctx): Promise<InitializeAnswer> {
  const client = await ctx.freshAs('2025-11-25', { initialize: false });
  const exchange = await client.initialize();
  const version = resultOf(exchange)?.protocolVersion;
  return { negotiated: typeof version === 'string' ? version : undefined, outcome: describeOutcome(exchange), answered: exchange.response !== undefined };
}

function legacyInitialize(ctx: Ctx): Promise<InitializeAnswer> {
  let pending = asked.get(ctx.profile);
  if (!pending) {
    pending = askInitialize(ctx);
    asked.set(ctx.profile, pending);
    const forget = () => asked.delete(ctx.profile);
    pending.then((answer) => answer.answered || forget(), forget);
  }
  return pending;
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
    return { versions: [answer.negotiated], because: `initialize for ${LEGACY_VERSION} negotiated ${JSON.stringify(answer.negotiated)} (server/discover lists no legacy version)` };
  }
  return { versions: [], because: `server/discover lists no legacy version and initialize for ${LEGACY_VERSION} got ${answer.outcome}` };
}

/** A dual-era server also answers legacy traffic, which changes what a request without _meta means. */
export async function isDualEra(ctx: Ctx): Promise<boolean> {
  return (await legacyService(ctx)).versions.length > 0;
}
