// The `_meta` key name rule: an optional prefix of dot-separated labels ending in "/", then a
// name that is empty or starts and ends alphanumeric. Extension identifiers need the prefix.
import { isObject } from '../../harness/model.js';

const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const NAME = '(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?';
const KEY = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*/)?${NAME}$`);
const PREFIXED_KEY = new RegExp(`^${LABEL}(?:\\.${LABEL})*/${NAME}$`);

export const isValidMetaKey = (key: string) => KEY.test(key);
export const isValidExtensionId = (key: string) => PREFIXED_KEY.test(key);

interface PathLink {
  segment: string | number;
  up: PathLink | undefined;
}

const pathOf = (link: PathLink | undefined): string => {
  const segments: Array<string | number> = [];
  for (let at = link; at; at = at.up) segments.push(at.segment);
  return segments.length === 0 ? '' : `/${segments.reverse().join('/')}`;
};

/** Every key of every `_meta` object anywhere in a message, with the JSON path of its object, in document order. */
export function metaKeysIn(value: unknown): Array<{ path: string; key: string }> {
  const found: Array<{ path: string; key: string }> = [];
  // Iterative, and a path is spelled out only where a `_meta` is found: a server's answer of a
  // million numbers nested 200 deep made a path string per number (600 MB of garbage a run).
  // An entry marked `meta` lists the keys of that `_meta` object where its key stands.
  const stack: Array<{ node: unknown; at: PathLink | undefined; meta?: true }> = [{ node: value, at: undefined }];
  while (stack.length > 0) {
    const { node, at, meta } = stack.pop()!;
    if (meta) {
      const metaPath = pathOf(at);
      for (const name of Object.keys(node as object)) found.push({ path: metaPath, key: name });
      continue;
    }
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--)
        if (typeof node[i] === 'object' && node[i] !== null) stack.push({ node: node[i], at: { segment: i, up: at } });
      continue;
    }
    if (!isObject(node)) continue;
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const child = node[keys[i]];
      if (typeof child !== 'object' || child === null) continue;
      const link = { segment: keys[i], up: at };
      stack.push({ node: child, at: link });
      if (keys[i] === '_meta' && isObject(child)) stack.push({ node: child, at: link, meta: true });
    }
  }
  return found;
}
