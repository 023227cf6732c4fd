// Candidate mutations of one property value, one per keyword it could break. Candidates are only
// guesses: invalid-inputs.ts keeps those that a 2020-12 validator really rejects.
import { deref, isNode, type SchemaNode } from './pointer.js';
import { linearRegExp, type LinearRegExp } from './linear-regex.js';

export type MutationKind =
  | 'missing-required'
  | 'wrong-type'
  | 'enum'
  | 'const'
  | 'additional-property'
  | 'dependent-required'
  | 'minimum'
  | 'maximum'
  | 'exclusive-minimum'
  | 'exclusive-maximum'
  | 'multiple-of'
  | 'min-length'
  | 'max-length'
  | 'pattern'
  | 'min-items'
  | 'max-items'
  | 'prefix-items'
  | 'unique-items';

export interface Candidate {
  kind: MutationKind;
  description: string;
  /** The replacement value; undefined with `remove` set means the property is deleted. */
  value?: unknown;
  remove?: boolean;
}

/** One sample per JSON type, to break `type`. */
const SAMPLES: Array<[string, unknown]> = [
  ['string', 'mcp-conform'],
  ['integer', 7],
  ['number', 2.5],
  ['boolean', true],
  ['null', null],
  ['array', []],
  ['object', {}],
];

function allowsType(types: string[], sample: string): boolean {
  return types.includes(sample) || (sample === 'integer' && types.includes('number'));
}

function typesOf(schema: SchemaNode): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  return undefined;
}

function wrongType(schema: SchemaNode, label: string): Candidate[] {
  const types = typesOf(schema);
  if (!types) return [];
  const sample = SAMPLES.find(([name]) => !allowsType(types, name));
  return sample
    ? [
        {
          kind: 'wrong-type',
          description: `${label} given a ${sample[0]} where ${types.join(' or ')} is required`,
          value: sample[1],
        },
      ]
    : [];
}

function outsideEnum(schema: SchemaNode, label: string): Candidate[] {
  const out: Candidate[] = [];
  const notIn = (list: unknown[]) =>
    ['mcp-conform-not-allowed', 987654321, false, null].find(
      (v) => !list.some((item) => JSON.stringify(item) === JSON.stringify(v)),
    );
  if (Array.isArray(schema.enum)) {
    const value = notIn(schema.enum);
    if (value !== undefined)
      out.push({ kind: 'enum', description: `${label} set to ${JSON.stringify(value)}, outside its enum`, value });
  }
  if ('const' in schema) {
    const value = notIn([schema.const]);
    out.push({ kind: 'const', description: `${label} set to ${JSON.stringify(value)}, not its const`, value });
  }
  return out;
}

function numeric(schema: SchemaNode, label: string): Candidate[] {
  const out: Candidate[] = [];
  const integer = typesOf(schema)?.includes('integer') && !typesOf(schema)?.includes('number');
  const num = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const below = (n: number) => (integer ? Math.ceil(n) - 1 : n - 1);
  const above = (n: number) => (integer ? Math.floor(n) + 1 : n + 1);
  const min = num('minimum');
  const max = num('maximum');
  const xmin = num('exclusiveMinimum');
  const xmax = num('exclusiveMaximum');
  const step = num('multipleOf');
  if (min !== undefined)
    out.push({ kind: 'minimum', description: `${label} below its minimum ${min}`, value: below(min) });
  if (max !== undefined)
    out.push({ kind: 'maximum', description: `${label} above its maximum ${max}`, value: above(max) });
  if (xmin !== undefined)
    out.push({ kind: 'exclusive-minimum', description: `${label} equal to its exclusiveMinimum ${xmin}`, value: xmin });
  if (xmax !== undefined)
    out.push({ kind: 'exclusive-maximum', description: `${label} equal to its exclusiveMaximum ${xmax}`, value: xmax });
  if (step !== undefined && step > 0) {
    const base = min ?? xmin ?? 0;
    const value = integer ? Math.ceil(base / step) * step + 1 : Math.ceil(base / step) * step + step / 2;
    out.push({ kind: 'multiple-of', description: `${label} not a multiple of ${step}`, value });
  }
  return out;
}

const PATTERN_MISSES = ['', ' ', '!', '\u0000', 'mcp conform ~ no match', '0', 'ZZZZZZZZZZZZZZZZ'];

function stringy(schema: SchemaNode, label: string): Candidate[] {
  const out: Candidate[] = [];
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : undefined;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  if (minLength !== undefined && minLength > 0)
    out.push({
      kind: 'min-length',
      description: `${label} shorter than minLength ${minLength}`,
      value: 'x'.repeat(minLength - 1),
    });
  if (maxLength !== undefined)
    out.push({
      kind: 'max-length',
      description: `${label} longer than maxLength ${maxLength}`,
      value: 'x'.repeat(maxLength + 1),
    });
  if (typeof schema.pattern === 'string') {
    // Never the built-in engine: a server's pattern may backtrack for ever on our miss strings.
    let pattern: LinearRegExp | undefined;
    try {
      pattern = linearRegExp(schema.pattern);
    } catch {
      pattern = undefined;
    }
    const fits = (text: string) =>
      (minLength === undefined || text.length >= minLength) && (maxLength === undefined || text.length <= maxLength);
    const miss = pattern ? PATTERN_MISSES.find((text) => fits(text) && !pattern.test(text)) : undefined;
    if (miss !== undefined)
      out.push({
        kind: 'pattern',
        description: `${label} ${JSON.stringify(miss)} does not match pattern ${schema.pattern}`,
        value: miss,
      });
  }
  return out;
}

function arrayish(root: unknown, schema: SchemaNode, label: string, current: unknown): Candidate[] {
  const out: Candidate[] = [];
  const items = Array.isArray(current) ? current : undefined;
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : undefined;
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  if (items && minItems !== undefined && minItems > 0)
    out.push({
      kind: 'min-items',
      description: `${label} with fewer than ${minItems} items`,
      value: items.slice(0, minItems - 1),
    });
  if (items && maxItems !== undefined && items.length > 0) {
    out.push({
      kind: 'max-items',
      description: `${label} with more than ${maxItems} items`,
      value: Array.from({ length: maxItems + 1 }, (_, i) => items[i % items.length]),
    });
  }
  if (items && Array.isArray(schema.prefixItems)) {
    schema.prefixItems.forEach((prefix, index) => {
      if (index >= items.length) return;
      const resolved = deref(root, prefix);
      if (!isNode(resolved)) return;
      for (const candidate of wrongType(resolved, `item ${index}`)) {
        const value = [...items];
        value[index] = candidate.value;
        out.push({ kind: 'prefix-items', description: `${label}: ${candidate.description} by prefixItems`, value });
      }
    });
  }
  const itemSchema = deref(root, schema.items);
  const firstFree = Array.isArray(schema.prefixItems) ? schema.prefixItems.length : 0;
  if (items && isNode(itemSchema) && items.length > firstFree) {
    for (const candidate of wrongType(itemSchema, `item ${firstFree}`)) {
      const value = [...items];
      value[firstFree] = candidate.value;
      out.push({ kind: 'wrong-type', description: `${label}: ${candidate.description} by items`, value });
    }
  }
  if (items && schema.uniqueItems === true && items.length > 0) {
    const value = items.length > 1 ? [items[0], items[0], ...items.slice(2)] : [items[0], items[0]];
    out.push({ kind: 'unique-items', description: `${label} with a repeated item despite uniqueItems`, value });
  }
  return out;
}

/** Every candidate that breaks one keyword of this property schema (the property itself present). */
export function propertyCandidates(root: unknown, schema: unknown, label: string, current: unknown): Candidate[] {
  const resolved = deref(root, schema);
  if (!isNode(resolved)) return [];
  return [
    ...wrongType(resolved, label),
    ...outsideEnum(resolved, label),
    ...numeric(resolved, label),
    ...stringy(resolved, label),
    ...arrayish(root, resolved, label, current),
  ];
}

/** Candidates that break the object's own keywords: required, closed properties, dependentRequired. */
export function objectCandidates(
  schema: SchemaNode,
  label: string,
  current: Record<string, unknown>,
): Array<Candidate & { key: string }> {
  const out: Array<Candidate & { key: string }> = [];
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === 'string')
    : [];
  for (const key of required) {
    if (key in current)
      out.push({
        kind: 'missing-required',
        description: `required property ${JSON.stringify(key)}${label} left out`,
        remove: true,
        key,
      });
  }
  if (schema.additionalProperties === false || schema.unevaluatedProperties === false) {
    let key = 'mcpConformUnexpected';
    while (key in current) key += '_';
    const keyword = schema.additionalProperties === false ? 'additionalProperties' : 'unevaluatedProperties';
    out.push({
      kind: 'additional-property',
      description: `undeclared property ${JSON.stringify(key)}${label} added despite ${keyword}: false`,
      value: 1,
      key,
    });
  }
  if (isNode(schema.dependentRequired)) {
    for (const [trigger, deps] of Object.entries(schema.dependentRequired)) {
      const dep = Array.isArray(deps)
        ? deps.find((d): d is string => typeof d === 'string' && d in current)
        : undefined;
      if (trigger in current && dep)
        out.push({
          kind: 'dependent-required',
          description: `${JSON.stringify(dep)}${label} left out although ${JSON.stringify(trigger)} requires it`,
          remove: true,
          key: dep,
        });
    }
  }
  return out;
}
