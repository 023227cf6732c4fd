// Valid arguments on an edge: one property of a generated value set to its minimum, maximum,
// next-to-exclusive bound, minLength or maxLength, or to a string or number that handlers get
// wrong (a lone surrogate, a line feed, NUL, 2^31). Kept only when the schema still accepts it,
// so every value is valid. Two string edges in three join several hard strings into one value, so a
// tool with one string property meets each of them within a few cases (one in 14 otherwise);
// the join shrinks to the pieces that matter.
import fc from 'fast-check';
import { compileSchema } from '../schema/compile.js';
import { deref, isNode } from '../schema/pointer.js';
import { validInputs } from '../schema/valid-inputs.js';
import type { GeneratedArguments } from './valid-arguments.js';

function edges(root: unknown, schema: unknown): unknown[] {
  const node = deref(root, schema);
  if (!isNode(node)) return [];
  const integer = node.type === 'integer';
  const out: unknown[] = [];
  const num = (key: string) => (typeof node[key] === 'number' ? (node[key] as number) : undefined);
  for (const key of ['minimum', 'maximum']) if (num(key) !== undefined) out.push(num(key));
  if (num('exclusiveMinimum') !== undefined)
    out.push(
      integer
        ? Math.floor(num('exclusiveMinimum')!) + 1
        : num('exclusiveMinimum')! + Number.EPSILON * Math.max(1, Math.abs(num('exclusiveMinimum')!)),
    );
  if (num('exclusiveMaximum') !== undefined)
    out.push(
      integer
        ? Math.ceil(num('exclusiveMaximum')!) - 1
        : num('exclusiveMaximum')! - Number.EPSILON * Math.max(1, Math.abs(num('exclusiveMaximum')!)),
    );
  for (const key of ['minLength', 'maxLength'])
    if (num(key) !== undefined && num(key)! <= 4096) out.push('x'.repeat(num(key)!));
  if (Array.isArray(node.enum)) out.push(node.enum[0], node.enum[node.enum.length - 1]);
  if (integer) out.push(0, -1, Number.MAX_SAFE_INTEGER);
  if (integer || node.type === 'number') out.push(2 ** 31, -(2 ** 31) - 1, 2 ** 53);
  if (node.type === 'number') out.push(1e-7, 0.1 + 0.2);
  if (node.type === 'string' && !Array.isArray(node.enum)) out.push(...HARD_STRINGS);
  return out;
}

/** Valid JSON strings that break careless handlers: encoders, line-based logs, C strings, bidi text, number parsers. */
export const HARD_STRINGS = [
  '\uD800',
  'a\uDC00b',
  'first line\nsecond line',
  'carriage\r\nreturn',
  'nul\u0000byte',
  'line\u2028separator\u2029',
  '\u202Eevil\u202C',
  '\u{1F600}',
  '',
  ' ',
  '-0',
  '1e309',
  '0x10',
  'x'.repeat(20_000),
];

/** The hard strings short enough to join into one value; shrinking drops pieces toward the culprit. */
const JOINABLE = HARD_STRINGS.filter((text) => text.length > 0 && text.length < 100);

/** Undefined when the schema has no edge to put a property on. */
export function boundaryArguments(schema: unknown): fc.Arbitrary<GeneratedArguments> | undefined {
  const compiled = compileSchema(schema);
  const root = deref(schema, schema);
  const properties = isNode(root) && isNode(root.properties) ? Object.entries(root.properties) : [];
  const candidates = properties.flatMap(([key, sub]) => edges(schema, sub).map((value) => ({ key, value })));
  if (candidates.length === 0 || !compiled.ok) return undefined;
  const made = (seed: number, key: string, value: unknown, what: string): GeneratedArguments | undefined => {
    const base = validInputs(schema, { seed, maxAttempts: 2, allOptionals: true }).inputs[0]?.value;
    if (!isNode(base)) return undefined;
    const edged = { ...base, [key]: value };
    return compiled.validate(edged)
      ? {
          label: `json-schema-faker seed ${seed}, ${key} = ${JSON.stringify(value).slice(0, 40)} (${what})`,
          value: edged,
        }
      : undefined;
  };
  const seed = fc.integer({ min: 1, max: 0x7fffffff });
  const single = (pick: number, from: number) => made(from, candidates[pick].key, candidates[pick].value, 'a boundary');
  // Only edges that make a valid value from the first seed are drawn from, so the filter below rarely rejects.
  const usable = candidates.map((_, pick) => pick).filter((pick) => single(pick, 1) !== undefined);
  const joinable = properties
    .filter(([key]) => made(1, key, JOINABLE.join(''), 'hard strings joined') !== undefined)
    .map(([key]) => key);
  const singles =
    usable.length === 0
      ? undefined
      : fc.record({ seed, pick: fc.constantFrom(...usable) }).map(({ seed, pick }) => single(pick, seed));
  const joined =
    joinable.length === 0
      ? undefined
      : fc
          .record({ seed, key: fc.constantFrom(...joinable), parts: fc.subarray(JOINABLE, { minLength: 1 }) })
          .map(({ seed, key, parts }) => made(seed, key, parts.join(''), 'hard strings joined'));
  // A join holds about half the hard strings at once, so it gets two draws in three.
  const either =
    singles && joined
      ? fc.oneof({ arbitrary: singles, weight: 1 }, { arbitrary: joined, weight: 2 })
      : (singles ?? joined);
  return either?.filter((made): made is GeneratedArguments => made !== undefined);
}
