// A 2025-11-25 request `_meta` (optional there): absent, an object with a progress token of any
// type and extension keys, or not an object at all.
import fc from 'fast-check';
import { ABSENT, present, type Field } from '../builders/field.js';
import { extensionKeys } from './extension-keys.js';
import { wrongJsonType } from './wrong-json-type.js';

export interface LegacyMeta {
  /** The _meta member itself: absent, an object built from the fields below, or another value. */
  shape: 'absent' | 'object' | 'other';
  other?: unknown;
  progressToken: Field;
  extras: Record<string, unknown>;
}

export function legacyMeta(): fc.Arbitrary<LegacyMeta> {
  const token = fc.oneof(
    { arbitrary: fc.constant<Field>(ABSENT), weight: 2 },
    { arbitrary: fc.oneof(fc.string({ maxLength: 12 }), fc.integer()).map((v) => present<unknown>(v)), weight: 2 },
    { arbitrary: wrongJsonType().map((v) => present(v)), weight: 1 },
  );
  return fc.record({
    shape: fc.constantFrom<LegacyMeta['shape']>('absent', 'object', 'object', 'other'),
    other: wrongJsonType(),
    progressToken: token,
    extras: extensionKeys(),
  });
}
