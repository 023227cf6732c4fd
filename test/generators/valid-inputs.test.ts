// validInputs: seeded, replayable, and only ever values the schema accepts.
import { describe, expect, test } from 'vitest';
import { compileSchema, validInputs } from '../../generators/schema/index.js';

const PICK = {
  type: 'object',
  properties: {
    color: { enum: ['red', 'green', 'blue'] },
    count: { type: 'integer', minimum: 1, maximum: 5 },
    code: { type: 'string', pattern: '^[A-Z]{3}$' },
    note: true,
  },
  required: ['color', 'count', 'code'],
  additionalProperties: false,
};
const TUPLE = {
  type: 'object',
  properties: {
    pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], minItems: 2, maxItems: 2 },
  },
  required: ['pair'],
};
const DRAFT_07 = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: { values: { type: 'array', items: { type: 'number' }, minItems: 1 } },
  required: ['values'],
};
const WITH_DEFS = {
  type: 'object',
  $defs: { level: { enum: ['low', 'high'] } },
  properties: { level: { $ref: '#/$defs/level' } },
  required: ['level'],
  unevaluatedProperties: false,
};

describe('validInputs', () => {
  test.each([
    ['enum, bounds, pattern, boolean subschema', PICK, 5],
    ['2020-12 prefixItems', TUPLE, 5],
    ['an explicit draft-07 dialect', DRAFT_07, 5],
    ['$defs, $ref and unevaluatedProperties (two valid values)', WITH_DEFS, 2],
  ])('every value generated for %s validates', (_name, schema, count) => {
    const { inputs, problem } = validInputs(schema, { seed: 1, count });
    expect(problem).toBeUndefined();
    expect(inputs).toHaveLength(count);
    const compiled = compileSchema(schema);
    if (!compiled.ok) throw new Error(compiled.message);
    for (const input of inputs) expect(compiled.validate(input.value), JSON.stringify(input.value)).toBe(true);
  });

  test('a seed replays the same values, another seed gives others', () => {
    const first = validInputs(PICK, { seed: 42, count: 3 });
    expect(validInputs(PICK, { seed: 42, count: 3 })).toEqual(first);
    expect(validInputs(PICK, { seed: 7, count: 3 }).inputs.map((i) => i.value)).not.toEqual(
      first.inputs.map((i) => i.value),
    );
    expect(first.inputs.map((i) => i.seed)).toEqual([42, 43, 44]);
  });

  test('allOptionals fills optional properties', () => {
    const [input] = validInputs(
      { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } } },
      { seed: 3, allOptionals: true },
    ).inputs;
    expect(Object.keys(input.value as object).sort()).toEqual(['a', 'b']);
  });

  test('reports, rather than returns, when nothing valid can be generated', () => {
    const impossible = validInputs(
      { type: 'object', properties: { n: { type: 'integer', minimum: 5, maximum: 1 } }, required: ['n'] },
      { seed: 1 },
    );
    expect(impossible.inputs).toEqual([]);
    expect(impossible.problem).toMatch(/0 of 1 valid value/);
    expect(validInputs(false).problem).toBeDefined();
    expect(validInputs({ type: 'object', properties: { a: { type: 'strnig' } } }).problem).toMatch(/invalid-schema/);
  });

  test('a schema with a single valid value yields it once', () => {
    const { inputs } = validInputs({ type: 'object', additionalProperties: false }, { count: 3 });
    expect(inputs.map((i) => i.value)).toEqual([{}]);
  });
});
