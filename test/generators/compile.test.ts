// compileSchema: a server's schema is judged in its declared dialect and never throws.
import { describe, expect, test } from 'vitest';
import { compileSchema, SCHEMA_LIMITS } from '../../generators/schema/index.js';

describe('compileSchema', () => {
  test('defaults to 2020-12 and honours $schema', () => {
    const modern = compileSchema({ type: 'object', properties: { p: { prefixItems: [{ type: 'string' }] } } });
    const draft07 = compileSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { p: { items: [{ type: 'string' }] } },
    });
    expect(modern.ok && modern.dialect).toBe('2020-12');
    expect(draft07.ok && draft07.dialect).toBe('draft-07');
    if (!modern.ok) throw new Error(modern.message);
    expect(modern.validate({ p: [1] })).toBe(false);
  });

  test('boolean schemas and boolean subschemas are valid schemas', () => {
    for (const schema of [
      true,
      false,
      { type: 'object', properties: { any: true, none: false }, additionalProperties: false },
    ]) {
      expect(compileSchema(schema).ok).toBe(true);
    }
  });

  test('reports an invalid schema through meta-validation', () => {
    const result = compileSchema({ type: 'object', properties: { a: { type: 'strnig' } } });
    expect(result).toMatchObject({ ok: false, kind: 'invalid-schema' });
    expect(compileSchema({ type: 'object', required: 'a' })).toMatchObject({ ok: false, kind: 'invalid-schema' });
    expect(compileSchema(null)).toMatchObject({ ok: false, kind: 'invalid-schema' });
  });

  test('an unknown dialect is reported as unsupported, not guessed', () => {
    expect(compileSchema({ $schema: 'https://example.com/my-dialect', type: 'object' })).toMatchObject({
      ok: false,
      kind: 'unsupported-dialect',
    });
  });

  test('an external $ref is unresolved, not fetched and not treated as permissive', () => {
    expect(
      compileSchema({ type: 'object', properties: { a: { $ref: 'https://example.invalid/a.json' } } }),
    ).toMatchObject({ ok: false, kind: 'unresolved-ref' });
  });

  test('schemas beyond the bounds are refused', () => {
    let deep: unknown = { type: 'string' };
    for (let i = 0; i <= SCHEMA_LIMITS.maxDepth; i++) deep = { anyOf: [deep] };
    expect(compileSchema(deep)).toMatchObject({ ok: false, kind: 'too-complex' });
  });

  test('format is asserted only when asked', () => {
    const schema = { type: 'string', format: 'date-time' };
    const asserting = compileSchema(schema);
    const annotating = compileSchema(schema, { formats: false });
    if (!asserting.ok || !annotating.ok) throw new Error('compile failed');
    expect(asserting.validate('yesterday')).toBe(false);
    expect(annotating.validate('yesterday')).toBe(true);
  });
});
