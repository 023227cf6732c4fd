// A fuzz property is data first, like a check: id, title, requirement, level, spec link; then an
// arbitrary of inputs for this server and `plan`, which turns one input into the exact bytes to
// send and what the spec lets the server answer. The runner sends, the judge decides.
import type fc from 'fast-check';
import { specUrl } from '../checks/check.js';
import type { ServerProfile } from '../lifecycles/profile.js';
import type { Level, Revision, TransportKind } from '../model.js';
import type { ToolCallPolicy } from '../runner/settings.js';
import type { FuzzCase } from './case.js';
import type { Dialect } from './dialect.js';

export interface FuzzEnv {
  revision: Revision;
  transport: TransportKind;
  profile: ServerProfile;
  toolCalls: ToolCallPolicy;
  dialect: Dialect;
  /** Revisions the server was found to speak (the probe of an auto run), when known. */
  claimed?: Revision[];
  /** How long the fuzzer waits for each answer (`--timeout`): durations it asks for stay well under it. */
  answerTimeoutMs?: number;
  /** HTTP: the target was given an Authorization header (`--header`), so the server checks credentials. */
  authorized?: boolean;
}

export interface FuzzPropertyDefinition<T = unknown> {
  slug: string;
  title: string;
  /** The normative sentence, in our words. */
  requirement: string;
  level: Level;
  /** Page and anchor under the revision's specification root. */
  spec: string;
  /** Rows of the revision's requirement index (suites/<revision>/requirements.ts) this property covers. */
  catalog?: string[];
  /** Default: both. */
  transports?: TransportKind[];
  /** Inputs for this server, or the reason the property does not apply to it. */
  arbitrary(env: FuzzEnv): fc.Arbitrary<T> | string;
  /** The case one input stands for: pure, so a seed and path give the same bytes again. */
  plan(input: T, env: FuzzEnv): FuzzCase;
  /** Share of --runs this property gets (expensive cases, e.g. a fresh process each). Default 1. */
  runsFactor?: number;
}

export interface FuzzProperty<T = unknown> extends Readonly<Omit<FuzzPropertyDefinition<T>, 'transports'>> {
  /** `<revision>/<campaign>/<slug>`, selectable by prefix like check ids. */
  readonly id: string;
  readonly revision: Revision;
  readonly campaign: string;
  readonly specUrl: string;
  readonly transports: readonly TransportKind[];
}

export interface Campaign {
  name: string;
  revision: Revision;
  properties: FuzzProperty[];
}

const SLUG = /^[a-z0-9][a-z0-9-]*$/;

/** Types one property against its own input type; campaigns hold properties of any input. */
export function fuzzProperty<T>(definition: FuzzPropertyDefinition<T>): FuzzPropertyDefinition {
  return definition as unknown as FuzzPropertyDefinition;
}

export function defineCampaign(revision: Revision, name: string, definitions: FuzzPropertyDefinition[]): Campaign {
  if (!SLUG.test(name)) throw new Error(`bad campaign name ${name}`);
  const properties = definitions.map((definition): FuzzProperty => {
    if (!SLUG.test(definition.slug)) throw new Error(`bad property slug ${definition.slug} in ${revision}/${name}`);
    return {
      ...definition,
      id: `${revision}/${name}/${definition.slug}`,
      revision,
      campaign: name,
      specUrl: specUrl(revision, definition.spec),
      transports: definition.transports ?? ['stdio', 'http'],
    };
  });
  return { name, revision, properties };
}
