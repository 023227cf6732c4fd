// Which spec areas belong to which capability a server may declare: the one table the
// conformance levels read. An area not listed here is core (every server must meet it).
import { isObject } from './vocabulary.js';

export interface CapabilityAreas {
  /** The key under `capabilities` (or under `capabilities.extensions`, for an extension id). */
  capability: string;
  /** Check areas (the `area` of a check result) whose MUSTs make up this capability's level. */
  areas: string[];
}

export const CAPABILITY_AREAS: readonly CapabilityAreas[] = [
  { capability: 'tools', areas: ['tools'] },
  { capability: 'resources', areas: ['resources'] },
  { capability: 'prompts', areas: ['prompts'] },
  { capability: 'completions', areas: ['completion'] },
  { capability: 'logging', areas: ['logging'] },
  { capability: 'tasks', areas: ['tasks'] },
];

/**
 * Authorization is a level of its own, like a capability, but no capability declares it: a
 * server claims it by being protected (some auth check ran rather than skipping as "not
 * protected"). Its checks are never core: an unprotected server skips them all.
 */
export const AUTHORIZATION: CapabilityAreas = { capability: 'authorization', areas: ['auth'] };

export function capabilityOfArea(area: string): string | undefined {
  return [...CAPABILITY_AREAS, AUTHORIZATION].find((entry) => entry.areas.includes(area))?.capability;
}

/** Declared as a capability object, or as an extension id under `capabilities.extensions`. */
export function declares(capabilities: unknown, capability: string): boolean {
  if (!isObject(capabilities)) return false;
  if (isObject(capabilities[capability])) return true;
  return isObject(capabilities.extensions) && isObject(capabilities.extensions[capability]);
}
