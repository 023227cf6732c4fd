// Which client capability a server-initiated interaction needs, and whether a request (2026-07-28
// `_meta`) or a session (2025-11-25 initialize) declared it. `elicitation: {}` means form mode.
import { isObject } from '../model.js';

/** A capability as a path: ['elicitation', 'url'], ['sampling', 'tools'], ['roots']. */
export type CapabilityPath = string[];

/** What an input request (2026-07-28) or server request (2025-11-25) needs the client to have declared. */
export function neededFor(method: unknown, params: unknown): CapabilityPath[] {
  const p = isObject(params) ? params : {};
  if (method === 'elicitation/create') return [['elicitation', p.mode === 'url' ? 'url' : 'form']];
  if (method === 'sampling/createMessage')
    return p.tools !== undefined ? [['sampling'], ['sampling', 'tools']] : [['sampling']];
  if (method === 'roots/list') return [['roots']];
  return [];
}

export function declares(declared: unknown, path: CapabilityPath): boolean {
  if (!isObject(declared)) return false;
  const [top, sub] = path;
  const value = declared[top];
  if (!isObject(value)) return false;
  if (sub === undefined) return true;
  // An elicitation capability with no mode listed is form mode.
  if (top === 'elicitation' && sub === 'form' && Object.keys(value).length === 0) return true;
  return isObject(value[sub]);
}

/** The capability paths an object shaped like ClientCapabilities names (top level and one below). */
export function pathsNamed(capabilities: unknown): CapabilityPath[] {
  if (!isObject(capabilities)) return [];
  const paths: CapabilityPath[] = [];
  for (const [top, value] of Object.entries(capabilities)) {
    const subs = isObject(value) ? Object.keys(value) : [];
    if (subs.length === 0) paths.push([top]);
    for (const sub of subs) paths.push([top, sub]);
  }
  return paths;
}

export function showPath(path: CapabilityPath): string {
  return path.join('.');
}
