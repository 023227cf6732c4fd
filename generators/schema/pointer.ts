// JSON Pointer paths into generated values, and local `$ref` lookup inside one schema document.

export type SchemaNode = Record<string, unknown>;

export function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const escapeToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

export function pointer(path: readonly (string | number)[]): string {
  return path.map((key) => `/${escapeToken(String(key))}`).join('');
}

export function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** A copy of `root` with the value at `path` replaced (or removed when `next` is REMOVE). */
export const REMOVE = Symbol('remove');
export function withValueAt(root: unknown, path: readonly (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next === REMOVE ? undefined : clone(next);
  const copy = clone(root) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (next === REMOVE) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = clone(next);
  return copy;
}

/** Follows `#...` references within the document; undefined for anything else (never fetched). */
export function resolveLocalRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const fragment = decodeURIComponent(ref.slice(1));
  if (fragment === '') return root;
  if (!fragment.startsWith('/')) return findAnchor(root, fragment);
  let node: unknown = root;
  for (const token of fragment.slice(1).split('/').map(unescapeToken)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

function findAnchor(root: unknown, anchor: string): unknown {
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (isNode(node) && node.$anchor === anchor) return node;
    stack.push(...Object.values(node));
  }
  return undefined;
}

/** The subschema with local `$ref`s followed (bounded, loop-safe). */
export function deref(root: unknown, schema: unknown): unknown {
  let current = schema;
  for (let hops = 0; hops < 16 && isNode(current) && typeof current.$ref === 'string'; hops++) {
    const target = resolveLocalRef(root, current.$ref);
    if (target === undefined) return current;
    current = target;
  }
  return current;
}
