// Systematic mutations of a JSON value, so agreement tests see both accepted and rejected cases.
export interface Mutation {
  /** What was changed, e.g. "drop /params/name" or "set /id = null". */
  label: string;
  value: unknown;
}

// Wrong-typed replacements; -1 and 1.5 also probe minimum/maximum and integer-vs-number, the odd
// strings probe enums/consts and formats (uri, uri-template, byte).
const REPLACEMENTS: unknown[] = [null, 42, -1, 1.5, 'x', 'not-a-valid-enum-value', 'not a {uri', true, [], {}];

type Path = (string | number)[];
const pointer = (path: Path) => path.map((p) => `/${p}`).join('');

function at(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], root);
}

function withChange(root: unknown, path: Path, change: (parent: any, key: string | number) => void): unknown {
  const copy = structuredClone(root);
  const parentPath = path.slice(0, -1);
  change(at(copy, parentPath), path[path.length - 1]);
  return copy;
}

/** Every node path of a value (objects and arrays walked), root excluded. */
function paths(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...paths(v, [...prefix, i])]);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...paths(v, [...prefix, k])]);
  }
  return [];
}

/** Drop each key, replace each node by wrong-typed values, add an unknown key to every object, empty arrays. */
export function mutations(value: unknown): Mutation[] {
  const out: Mutation[] = [];
  for (const path of paths(value)) {
    const p = pointer(path);
    const key = path[path.length - 1];
    if (typeof key === 'string') {
      out.push({ label: `drop ${p}`, value: withChange(value, path, (parent, k) => delete parent[k]) });
    } else {
      out.push({ label: `drop ${p}`, value: withChange(value, path, (parent, k) => parent.splice(k, 1)) });
    }
    for (const replacement of REPLACEMENTS) {
      out.push({
        label: `set ${p} = ${JSON.stringify(replacement)}`,
        value: withChange(value, path, (parent, k) => (parent[k] = structuredClone(replacement))),
      });
    }
  }
  for (const path of [[], ...paths(value)]) {
    const node = path.length === 0 ? value : at(value, path);
    if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
      const copy = structuredClone(value);
      const target = (path.length === 0 ? copy : at(copy, path)) as Record<string, unknown>;
      target['x-unknown-key'] = 'x';
      out.push({ label: `add ${pointer(path)}/x-unknown-key`, value: copy });
    }
  }
  for (const replacement of REPLACEMENTS)
    out.push({ label: `replace whole = ${JSON.stringify(replacement)}`, value: replacement });
  return out;
}
