// What the server says it offers, learned before any check runs: capabilities, identity and
// the full lists of tools, resources, templates and prompts. Checks test what is here.
import { isObject, type Feature, type JsonObject, type Revision } from '../model.js';
import type { Exchange } from '../transports/types.js';
import type { Client } from './client.js';
import { SERVER_INFO_KEY } from './meta.js';
import type { SessionClient } from './session-client.js';

export interface ServerProfile {
  revision: Revision;
  serverInfo?: JsonObject;
  /** Undefined when the server would not say (discover / initialize failed). */
  capabilities?: JsonObject;
  supportedVersions?: string[];
  protocolVersion?: string;
  instructions?: string;
  tools: JsonObject[];
  resources: JsonObject[];
  resourceTemplates: JsonObject[];
  prompts: JsonObject[];
  /** Why parts of the profile are missing. */
  problems: string[];
  /** Lists (`tools/list`, ...) that got no answer in time: what they hold is unknown, not empty. */
  unansweredLists?: string[];
  /** Set when the server does not serve this revision at all: why (its checks are skipped with it). */
  notServed?: string;
}

export const MAX_PAGES = 50;

export function offers(profile: ServerProfile, feature: Feature): boolean {
  const caps = profile.capabilities;
  if (!caps) return false;
  const sub = (key: string) => (isObject(caps[key]) ? (caps[key] as JsonObject) : undefined);
  switch (feature) {
    case 'tools':
    case 'resources':
    case 'prompts':
    case 'completions':
    case 'logging':
      return sub(feature) !== undefined;
    case 'resourceTemplates':
      return sub('resources') !== undefined && profile.resourceTemplates.length > 0;
    case 'resourceSubscribe':
      return sub('resources')?.subscribe === true;
    case 'toolsListChanged':
      return sub('tools')?.listChanged === true;
    case 'promptsListChanged':
      return sub('prompts')?.listChanged === true;
    case 'resourcesListChanged':
      return sub('resources')?.listChanged === true;
  }
}

export function describeMissing(feature: Feature, profile: ServerProfile): string {
  if (!profile.capabilities) return `server capabilities are unknown (${profile.problems[0] ?? 'discovery failed'})`;
  const names: Record<Feature, string> = {
    tools: 'the tools capability',
    resources: 'the resources capability',
    resourceTemplates: 'any resource templates',
    resourceSubscribe: 'resources.subscribe',
    prompts: 'the prompts capability',
    completions: 'the completions capability',
    logging: 'the logging capability',
    toolsListChanged: 'tools.listChanged',
    promptsListChanged: 'prompts.listChanged',
    resourcesListChanged: 'resources.listChanged',
  };
  return `server does not offer ${names[feature]}`;
}

export function resultOf(exchange: Exchange): JsonObject | undefined {
  const result = exchange.response?.result;
  return isObject(result) ? result : undefined;
}

export interface ListWalk {
  items: JsonObject[];
  pages: JsonObject[];
  exchanges: Exchange[];
  /** Why the walk stopped early, if it did. */
  problem?: string;
}

/** Follows nextCursor to the end of a paginated list (bounded, loop-safe). */
export async function listAll(client: Client, method: string, key: string): Promise<ListWalk> {
  const walk: ListWalk = { items: [], pages: [], exchanges: [] };
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const exchange = await client.request(method, cursor === undefined ? {} : { cursor });
    walk.exchanges.push(exchange);
    const result = resultOf(exchange);
    if (!result) {
      walk.problem = `${method} failed: ${describeOutcome(exchange)}`;
      return walk;
    }
    walk.pages.push(result);
    const items = result[key];
    if (Array.isArray(items)) walk.items.push(...items.filter(isObject));
    const next = result.nextCursor;
    if (typeof next !== 'string') return walk;
    if (seen.has(next)) {
      walk.problem = `${method} returned cursor ${JSON.stringify(next)} twice; stopped`;
      return walk;
    }
    seen.add(next);
    cursor = next;
  }
  walk.problem = `${method} still had a nextCursor after ${MAX_PAGES} pages; stopped`;
  return walk;
}

/** One line telling what came back, for reasons and problems. */
export function describeOutcome(exchange: Exchange): string {
  if (exchange.transportError) return exchange.transportError;
  if (exchange.timedOut) return 'no response before the timeout';
  const error = exchange.response?.error;
  if (isObject(error)) return `error ${String(error.code)} ${JSON.stringify(error.message)}`;
  const result = exchange.response?.result;
  if (isObject(result))
    return `a result${typeof result.resultType === 'string' ? ` (resultType ${JSON.stringify(result.resultType)})` : ''}`;
  if (exchange.response) return 'a response with neither a result object nor an error object';
  if (exchange.http) return `HTTP ${exchange.http.status} without a JSON-RPC response`;
  return 'no response';
}

async function fillLists(client: Client, profile: ServerProfile): Promise<void> {
  const lists: Array<
    [keyof ServerProfile & ('tools' | 'resources' | 'resourceTemplates' | 'prompts'), string, string, string]
  > = [
    ['tools', 'tools', 'tools/list', 'tools'],
    ['resources', 'resources', 'resources/list', 'resources'],
    ['resourceTemplates', 'resources', 'resources/templates/list', 'resourceTemplates'],
    ['prompts', 'prompts', 'prompts/list', 'prompts'],
  ];
  for (const [field, capability, method, key] of lists) {
    if (!isObject(profile.capabilities?.[capability])) continue;
    const walk = await listAll(client, method, key);
    profile[field] = walk.items;
    if (walk.problem) profile.problems.push(walk.problem);
    const last = walk.exchanges.at(-1);
    if (last?.timedOut || last?.overCap) (profile.unansweredLists ??= []).push(method);
  }
}

function emptyProfile(revision: Revision): ServerProfile {
  return { revision, tools: [], resources: [], resourceTemplates: [], prompts: [], problems: [] };
}

/** 2026-07-28: server/discover, then the lists of what it declares. */
export async function discoverStateless(client: Client): Promise<ServerProfile> {
  const profile = emptyProfile('2026-07-28');
  const exchange = await client.request('server/discover');
  const result = resultOf(exchange);
  if (!result) {
    profile.problems.push(`server/discover failed: ${describeOutcome(exchange)}`);
    return profile;
  }
  if (isObject(result.capabilities)) profile.capabilities = result.capabilities;
  else profile.problems.push('server/discover result has no capabilities object');
  if (Array.isArray(result.supportedVersions))
    profile.supportedVersions = result.supportedVersions.filter((v): v is string => typeof v === 'string');
  if (typeof result.instructions === 'string') profile.instructions = result.instructions;
  const meta = isObject(result._meta) ? result._meta : undefined;
  if (meta && isObject(meta[SERVER_INFO_KEY])) profile.serverInfo = meta[SERVER_INFO_KEY] as JsonObject;
  await fillLists(client, profile);
  return profile;
}

/** 2025-11-25: the handshake result, then the lists of what it declares. */
export async function discoverSession(client: SessionClient): Promise<ServerProfile> {
  const profile = emptyProfile('2025-11-25');
  if (!client.state.initializeResult) {
    const exchange = await client.handshake();
    if (!client.state.initializeResult) {
      profile.problems.push(`initialize failed: ${describeOutcome(exchange)}`);
      return profile;
    }
  }
  const result = client.state.initializeResult!;
  // Answering with another version is what the spec tells a server to do when it lacks the one
  // requested; a value that is no version at all is left for the lifecycle checks to judge.
  const requested = client.state.requestedVersion;
  if (isObject(result.serverInfo)) profile.serverInfo = result.serverInfo;
  if (
    typeof result.protocolVersion === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(result.protocolVersion) &&
    result.protocolVersion !== requested
  ) {
    profile.protocolVersion = result.protocolVersion;
    profile.notServed = `revision not served: initialize for ${requested} negotiated ${JSON.stringify(result.protocolVersion)}, another version the server supports`;
    profile.problems.push(profile.notServed);
    return profile;
  }
  if (isObject(result.capabilities)) profile.capabilities = result.capabilities;
  else profile.problems.push('initialize result has no capabilities object');
  if (typeof result.protocolVersion === 'string') profile.protocolVersion = result.protocolVersion;
  if (typeof result.instructions === 'string') profile.instructions = result.instructions;
  await fillLists(client, profile);
  return profile;
}
