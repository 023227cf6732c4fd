// Our schema tooling never dereferences a network $ref (2026-07-28 basic#ref-resolution: MUST NOT
// automatically dereference): a canary server on loopback must see no request at all.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { compileSchema, externalRefs, invalidInputs, validInputs } from '../../generators/schema/index.js';

let canary: http.Server;
let hits = 0;
let url = '';

beforeAll(async () => {
  canary = http.createServer((req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'application/schema+json' }).end(JSON.stringify({ type: 'string' }));
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(canary.address() as AddressInfo).port}/schema.json`;
});
afterAll(() => new Promise<void>((resolve) => canary.close(() => resolve())));

test('compiling, generating and linting a schema with a network $ref fetch nothing', async () => {
  const schema = {
    type: 'object',
    properties: { a: { $ref: url }, b: { $ref: `${url}#/nested` } },
    required: ['a'],
    $defs: { c: { $ref: url } },
  };
  expect(compileSchema(schema)).toMatchObject({ ok: false, kind: 'unresolved-ref' });
  expect(compileSchema({ $id: url, type: 'object', properties: { a: { $ref: 'other.json' } } })).toMatchObject({
    ok: false,
    kind: 'unresolved-ref',
  });
  expect(validInputs(schema, { count: 3 }).inputs).toEqual([]);
  expect(invalidInputs(schema).inputs).toEqual([]);
  expect(externalRefs(schema).map((r) => r.ref)).toEqual(expect.arrayContaining([url, `${url}#/nested`]));
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(hits).toBe(0);
});

test('the canary does count requests (the test above can fail)', async () => {
  const before = hits;
  await fetch(url);
  expect(hits).toBe(before + 1);
});
