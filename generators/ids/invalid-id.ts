// Ids the spec rules out: null (MCP forbids it), booleans, objects and arrays (JSON-RPC does).
import fc from 'fast-check';
import { idCase, type IdCase } from '../builders/id-case.js';

export function invalidId(): fc.Arbitrary<IdCase> {
  return fc.oneof(
    fc.constant(idCase('null', 'null')),
    fc.boolean().map((b) => idCase('boolean', String(b))),
    fc
      .dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.integer(), fc.string({ maxLength: 4 })), { maxKeys: 2 })
      .map((o) => idCase('object', JSON.stringify(o))),
    fc
      .array(fc.oneof(fc.integer(), fc.string({ maxLength: 4 })), { maxLength: 2 })
      .map((a) => idCase('array', JSON.stringify(a))),
  );
}
