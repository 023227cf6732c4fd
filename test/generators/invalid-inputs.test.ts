// invalidInputs: named mutations, each one rejected by a 2020-12 validator (format not asserted).
import { describe, expect, test } from 'vitest';
import { compileSchema, invalidInputs, type MutationKind } from '../../generators/schema/index.js';

const kinds = (schema: unknown) => invalidInputs(schema).inputs.map((input) => input.kind);

function expectAllRejected(schema: unknown): void {
  const strict = compileSchema(schema, { formats: false });
  if (!strict.ok) throw new Error(strict.message);
  const { inputs } = invalidInputs(schema);
  expect(inputs.length).toBeGreaterThan(0);
  for (const input of inputs) expect(strict.validate(input.value), `${input.kind}: ${input.description}`).toBe(false);
}

describe('invalidInputs', () => {
  test.each<[MutationKind, unknown]>([
    ['missing-required', { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }],
    ['wrong-type', { type: 'object', properties: { a: { type: 'string' } } }],
    ['enum', { type: 'object', properties: { a: { enum: ['x', 'y'] } }, required: ['a'] }],
    ['const', { type: 'object', properties: { a: { const: 3 } }, required: ['a'] }],
    ['additional-property', { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }],
    ['additional-property', { type: 'object', properties: { a: { type: 'string' } }, unevaluatedProperties: false }],
    [
      'dependent-required',
      { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, dependentRequired: { a: ['b'] } },
    ],
    ['minimum', { type: 'object', properties: { n: { type: 'integer', minimum: 1 } }, required: ['n'] }],
    ['maximum', { type: 'object', properties: { n: { type: 'number', maximum: 10 } }, required: ['n'] }],
    [
      'exclusive-minimum',
      { type: 'object', properties: { n: { type: 'number', exclusiveMinimum: 0 } }, required: ['n'] },
    ],
    [
      'exclusive-maximum',
      { type: 'object', properties: { n: { type: 'integer', exclusiveMaximum: 100 } }, required: ['n'] },
    ],
    ['multiple-of', { type: 'object', properties: { n: { type: 'integer', multipleOf: 5 } }, required: ['n'] }],
    ['min-length', { type: 'object', properties: { s: { type: 'string', minLength: 3 } }, required: ['s'] }],
    ['max-length', { type: 'object', properties: { s: { type: 'string', maxLength: 4 } }, required: ['s'] }],
    ['pattern', { type: 'object', properties: { s: { type: 'string', pattern: '^[A-Z]{3}$' } }, required: ['s'] }],
    [
      'min-items',
      { type: 'object', properties: { l: { type: 'array', items: { type: 'string' }, minItems: 2 } }, required: ['l'] },
    ],
    [
      'max-items',
      {
        type: 'object',
        properties: { l: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 2 } },
        required: ['l'],
      },
    ],
    [
      'prefix-items',
      {
        type: 'object',
        properties: { p: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], minItems: 2 } },
        required: ['p'],
      },
    ],
    [
      'unique-items',
      {
        type: 'object',
        properties: { l: { type: 'array', items: { type: 'integer' }, minItems: 1, uniqueItems: true } },
        required: ['l'],
      },
    ],
  ])('produces a %s mutation and every mutation is rejected', (kind, schema) => {
    expect(kinds(schema)).toContain(kind);
    expectAllRejected(schema);
  });

  test('mutates nested objects and follows local $ref', () => {
    const schema = {
      type: 'object',
      $defs: { level: { type: 'string', enum: ['low', 'high'] } },
      properties: {
        options: { type: 'object', properties: { level: { $ref: '#/$defs/level' } }, required: ['level'] },
      },
      required: ['options'],
    };
    const paths = invalidInputs(schema).inputs.map((i) => `${i.kind} ${i.path}`);
    expect(paths).toContain('enum /options/level');
    expect(paths).toContain('missing-required /options/level');
    expectAllRejected(schema);
  });

  test('breaks prefixItems only under 2020-12 semantics (draft-07 would accept the value)', () => {
    const schema = {
      type: 'object',
      properties: { p: { type: 'array', prefixItems: [{ type: 'string' }], minItems: 1 } },
      required: ['p'],
    };
    const draft07 = compileSchema(
      { ...schema, $schema: 'http://json-schema.org/draft-07/schema#' },
      { formats: false },
    );
    if (!draft07.ok) throw new Error(draft07.message);
    const prefix = invalidInputs(schema).inputs.filter((i) => i.kind === 'prefix-items');
    expect(prefix.length).toBeGreaterThan(0);
    for (const input of prefix) expect(draft07.validate(input.value)).toBe(true);
  });

  test('never relies on format assertion', () => {
    const { inputs } = invalidInputs({
      type: 'object',
      properties: { when: { type: 'string', format: 'date-time' } },
      required: ['when'],
    });
    expect(inputs.every((i) => i.kind !== ('format' as MutationKind))).toBe(true);
    expect(inputs.map((i) => i.kind)).toEqual(expect.arrayContaining(['missing-required', 'wrong-type']));
  });

  test('is a pure function of (schema, seed)', () => {
    const schema = {
      type: 'object',
      properties: { s: { type: 'string', maxLength: 5 }, n: { type: 'integer', minimum: 0 } },
      required: ['s'],
    };
    expect(invalidInputs(schema, { seed: 9 })).toEqual(invalidInputs(schema, { seed: 9 }));
  });

  test('reports an unusable schema instead of throwing', () => {
    expect(invalidInputs({ type: 'object', properties: { a: { minimum: 'zero' } } }).problem).toMatch(/invalid-schema/);
  });
});
