// Where _meta sits: an object as it should be, or params without _meta, _meta of another JSON
// type, or no params member at all.
import fc from 'fast-check';
import { wrongJsonType } from './wrong-json-type.js';

export type MetaContainer =
  | { kind: 'object' }
  | { kind: 'no-meta' }
  | { kind: 'no-params' }
  | { kind: 'not-object'; value: unknown };

export function metaContainer(): fc.Arbitrary<MetaContainer> {
  return fc.oneof(
    { arbitrary: fc.constant<MetaContainer>({ kind: 'object' }), weight: 8 },
    { arbitrary: fc.constantFrom<MetaContainer>({ kind: 'no-meta' }, { kind: 'no-params' }), weight: 1 },
    { arbitrary: wrongJsonType().map((value): MetaContainer => ({ kind: 'not-object', value })), weight: 1 },
  );
}
