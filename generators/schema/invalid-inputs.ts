// Named mutations of a valid value that a JSON Schema validator of the declared dialect rejects:
// each breaks one keyword (required, type, enum, bounds, pattern, prefixItems, ...). Every one is
// verified with a validator that does not assert `format`, so none relies on optional behaviour.
// Pure in (schema, seed): the seed only picks the valid base value.
import { compileSchema } from './compile.js';
import { objectCandidates, propertyCandidates, type MutationKind } from './mutations.js';
import { deref, isNode, pointer, REMOVE, withValueAt } from './pointer.js';
import { validInputs } from './valid-inputs.js';

export type { MutationKind } from './mutations.js';

export interface InvalidInput {
  kind: MutationKind;
  /** JSON Pointer of the mutated location ('' = the whole value). */
  path: string;
  description: string;
  value: unknown;
}

export interface InvalidInputOptions {
  seed?: number;
  /** How deep into nested objects to mutate (default 3). */
  maxDepth?: number;
}

export interface InvalidInputs {
  inputs: InvalidInput[];
  /** The valid value the mutations start from. */
  base?: unknown;
  problem?: string;
}

interface Draft {
  kind: MutationKind;
  path: Array<string | number>;
  description: string;
  next: unknown;
}

function drafts(
  root: unknown,
  schema: unknown,
  value: unknown,
  path: Array<string | number>,
  depth: number,
  maxDepth: number,
): Draft[] {
  const node = deref(root, schema);
  if (!isNode(node) || !isNode(value) || depth > maxDepth) return [];
  const where = path.length === 0 ? '' : ` of ${pointer(path)}`;
  const out: Draft[] = objectCandidates(node, where, value).map((c) => ({
    kind: c.kind,
    path: [...path, c.key],
    description: c.description,
    next: c.remove ? REMOVE : c.value,
  }));
  const properties = isNode(node.properties) ? node.properties : {};
  for (const [key, sub] of Object.entries(properties)) {
    if (!(key in value)) continue;
    const at = [...path, key];
    for (const c of propertyCandidates(root, sub, pointer(at), value[key]))
      out.push({ kind: c.kind, path: at, description: c.description, next: c.value });
    out.push(...drafts(root, sub, value[key], at, depth + 1, maxDepth));
  }
  return out;
}

export function invalidInputs(schema: unknown, options: InvalidInputOptions = {}): InvalidInputs {
  const strict = compileSchema(schema, { formats: false });
  if (!strict.ok) return { inputs: [], problem: `schema unusable (${strict.kind}): ${strict.message}` };
  const seed = options.seed ?? 1;
  const full = validInputs(schema, { seed, allOptionals: true });
  const plain = full.inputs.length > 0 ? full : validInputs(schema, { seed });
  const base = plain.inputs[0]?.value;
  const candidates: Draft[] = [];
  const root = deref(schema, schema);
  if (isNode(root)) {
    for (const c of propertyCandidates(schema, root, 'the value', base))
      candidates.push({ kind: c.kind, path: [], description: c.description, next: c.value });
  }
  if (base !== undefined) candidates.push(...drafts(schema, schema, base, [], 0, options.maxDepth ?? 3));
  const inputs: InvalidInput[] = [];
  const seen = new Set<string>();
  for (const draft of candidates) {
    const value = draft.path.length === 0 ? draft.next : withValueAt(base, draft.path, draft.next);
    const text = JSON.stringify(value);
    if (text === undefined || seen.has(text) || strict.validate(value)) continue;
    seen.add(text);
    inputs.push({ kind: draft.kind, path: pointer(draft.path), description: draft.description, value });
  }
  const problem =
    base === undefined
      ? `no valid base value to mutate (${plain.problem ?? 'none generated'}); only whole-value mutations tried`
      : undefined;
  return { inputs, base, problem };
}
