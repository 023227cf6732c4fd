// Static lints of server schemas: external $ref and the x-mcp-header constraints.
import { describe, expect, test } from 'vitest';
import { externalRefs, headerProblems, looksSensitive, sensitiveHeaders } from '../../generators/schema/index.js';

describe('externalRefs', () => {
  test('finds refs that only a fetch could resolve', () => {
    const refs = externalRefs({
      type: 'object',
      $defs: { local: { type: 'string' }, named: { $id: 'https://example.com/named', type: 'string' } },
      properties: {
        a: { $ref: '#/$defs/local' },
        b: { $ref: 'https://schemas.example.invalid/b.json' },
        c: { $ref: 'https://example.com/named' },
        d: { $ref: 'other.json#/x' },
        $ref: { type: 'string' },
      },
    });
    expect(refs.map((r) => [r.ref, r.at, r.network])).toEqual(
      expect.arrayContaining([
        ['https://schemas.example.invalid/b.json', '/properties/b', true],
        ['other.json#/x', '/properties/d', false],
      ]),
    );
    expect(refs).toHaveLength(2);
  });
});

describe('headerProblems', () => {
  test('accepts the spec example and nested properties chains', () => {
    expect(
      headerProblems({
        type: 'object',
        properties: {
          region: { type: 'string', 'x-mcp-header': 'Region' },
          opts: { type: 'object', properties: { n: { type: 'integer', 'x-mcp-header': 'N' } } },
        },
      }),
    ).toEqual([]);
  });

  test.each([
    ['empty', { a: { type: 'string', 'x-mcp-header': '' } }, /non-empty/],
    ['not a token', { a: { type: 'string', 'x-mcp-header': 'Bad Name' } }, /RFC 9110 token/],
    ['control characters', { a: { type: 'string', 'x-mcp-header': 'A\r\nB' } }, /RFC 9110 token/],
    ['a number property', { a: { type: 'number', 'x-mcp-header': 'A' } }, /only integer, string or boolean/],
    ['an untyped property', { a: { 'x-mcp-header': 'A' } }, /only integer, string or boolean/],
    [
      'a duplicate, ignoring case',
      { a: { type: 'string', 'x-mcp-header': 'Tenant' }, b: { type: 'string', 'x-mcp-header': 'TENANT' } },
      /case-insensitively unique/,
    ],
    [
      'reached through items',
      { a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } },
      /statically reachable/,
    ],
    ['reached through anyOf', { a: { anyOf: [{ type: 'string', 'x-mcp-header': 'A' }] } }, /statically reachable/],
  ])('rejects an x-mcp-header that is %s', (_name, properties, message) => {
    expect(headerProblems({ type: 'object', properties }).join('\n')).toMatch(message);
  });

  test('a property named x-mcp-header is a property, not an annotation', () => {
    expect(headerProblems({ type: 'object', properties: { 'x-mcp-header': { type: 'object' } } })).toEqual([]);
  });
});

describe('sensitiveHeaders', () => {
  test('flags passwords, keys, tokens and personal data, not ordinary words', () => {
    for (const name of ['password', 'apiKey', 'api_key', 'accessToken', 'X-Auth', 'userEmail', 'ssn'])
      expect(looksSensitive(name), name).toBe(true);
    for (const name of ['region', 'author', 'tenant', 'sortKey']) expect(looksSensitive(name), name).toBe(false);
    expect(
      sensitiveHeaders({
        type: 'object',
        properties: {
          apiToken: { type: 'string', 'x-mcp-header': 'Api-Token' },
          region: { type: 'string', 'x-mcp-header': 'Region' },
        },
      }),
    ).toEqual([{ header: 'Api-Token', property: 'apiToken' }]);
  });
});
