// A check is data first: id, title, requirement, level, spec link, where it applies; then a
// short `run`. Ids are `<revision>/<area>/<slug>`, so any prefix selects a group.
import type { AuthTokens } from './auth-tokens.js';
import type { Client } from '../lifecycles/client.js';
import type { ServerProfile } from '../lifecycles/profile.js';
import type { SessionClient } from '../lifecycles/session-client.js';
import type { StatelessClient } from '../lifecycles/stateless-client.js';
import type { Feature, Level, Revision, TransportKind } from '../model.js';
import type { WireRecorder } from '../recorder/wire-log.js';
import type { WireValidator } from '../schema/index.js';
import type { Evidence } from './outcome.js';

export type ClientFor<R extends Revision> = R extends '2026-07-28' ? StatelessClient : SessionClient;

/**
 * shared: the revision's long-lived connection (2025-11-25: already initialized).
 * fresh: a connection of its own (stdio: a new process), initialized for 2025-11-25.
 * fresh-uninitialized: a connection of its own with no handshake (2025-11-25 lifecycle checks).
 */
export type ConnectionNeed = 'shared' | 'fresh' | 'fresh-uninitialized';

export interface CheckDefinition<C extends Client = Client> {
  slug: string;
  title: string;
  /** The normative sentence, in our words. */
  requirement: string;
  level: Level;
  /**
   * Why the level is not the capital keyword of a sentence (derived from a rule on the other
   * party, no keyword at all, or a page that tightens another). The README lists every one.
   */
  levelReason?: string;
  /** Page and anchor under the revision's specification root, e.g. `basic/versioning#protocol-version-negotiation`. */
  spec: string;
  /** Rows of the revision's requirement index (suites/<revision>/requirements.ts) this check covers. */
  catalog?: string[];
  /** Default: both. */
  transports?: TransportKind[];
  /** Why the spec leaves the other transports out, added to the skip reason there. */
  elsewhere?: string;
  /** Server features the check needs; without them it is skipped with the reason. */
  requires?: Feature[];
  connection?: ConnectionNeed;
  /**
   * Runs with nothing else in flight on its connection (it reads unattributed traffic): after the
   * other checks, alone; with a fresh stdio connection (its own process) beside them (runsAlone).
   */
  exclusive?: boolean;
  /** post: runs after every main check of the revision, reading the whole wire log. */
  phase?: 'main' | 'post';
  timeoutMs?: number;
  /** The requirement itself is about time (a deadline the spec sets): a timeout may decide its verdict. */
  timing?: boolean;
  run(ctx: CheckContext<C>): Promise<void>;
}

export interface Check<C extends Client = Client> extends Readonly<Omit<CheckDefinition<C>, 'transports'>> {
  readonly id: string;
  readonly revision: Revision;
  readonly area: string;
  readonly specUrl: string;
  readonly transports: readonly TransportKind[];
}

export interface FreshOptions {
  /** 2025-11-25: run the handshake on the new connection (default true). */
  initialize?: boolean;
}

export interface CheckContext<C extends Client = Client> {
  readonly check: Check;
  readonly revision: Revision;
  readonly transport: TransportKind;
  readonly client: C;
  readonly profile: ServerProfile;
  readonly schema: WireValidator;
  readonly strict: boolean;
  readonly requestTimeoutMs: number;
  /** Which listed tools checks may call: safe = readOnlyHint true only (default), all, none. */
  readonly toolCallPolicy?: 'safe' | 'all' | 'none';
  /** Tokens for the authorization checks (valid, another audience, expired, too few scopes), where the run has them. */
  readonly authTokens?: AuthTokens;
  /** The user lets checks fetch authorization documents off the target's origin and loopback (--auth-follow). */
  readonly authFollow?: boolean;
  /** A new connection of the check's own; closed when the check ends. */
  fresh(options?: FreshOptions): Promise<C>;
  /** A new connection speaking another revision's lifecycle (dual-era checks); closed when the check ends. */
  freshAs<R extends Revision>(revision: R, options?: FreshOptions): Promise<ClientFor<R>>;
  /** The whole revision's wire log (post-phase checks read it). */
  readonly wire: WireRecorder;
  fail(reason: string, evidence?: Evidence): never;
  warn(reason: string, evidence?: Evidence): never;
  skip(reason: string): never;
  /** No verdict can be drawn from what the server did (e.g. no barrier answered): verdict `error`. */
  inconclusive(reason: string, evidence?: Evidence): never;
  note(text: string): void;
  sleep(ms: number): Promise<void>;
}

export const SPEC_ROOT = 'https://modelcontextprotocol.io/specification';

export function specUrl(revision: Revision, page: string): string {
  return `${SPEC_ROOT}/${revision}/${page.replace(/^\//, '')}`;
}

const SLUG = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

export function defineArea<R extends Revision>(
  revision: R,
  area: string,
  definitions: CheckDefinition<ClientFor<R>>[],
): Check[] {
  return definitions.map((definition) => {
    if (!SLUG.test(definition.slug)) throw new Error(`bad check slug ${definition.slug} in ${revision}/${area}`);
    return {
      ...definition,
      id: `${revision}/${area}/${definition.slug}`,
      revision,
      area,
      specUrl: specUrl(revision, definition.spec),
      transports: definition.transports ?? ['stdio', 'http'],
    } as unknown as Check;
  });
}
