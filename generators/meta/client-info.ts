// Values for _meta clientInfo (optional): an Implementation, absent, or the wrong shape.
import fc from 'fast-check';
import { ABSENT, present, type Field } from '../builders/field.js';
import { wrongJsonType } from './wrong-json-type.js';

export function clientInfo(): fc.Arbitrary<Field> {
  const implementation = fc.record(
    { name: fc.string({ maxLength: 16 }), version: fc.string({ maxLength: 8 }), title: fc.string({ maxLength: 16 }) },
    { requiredKeys: ['name', 'version'] },
  );
  return fc.oneof(
    { arbitrary: implementation.map((v) => present<unknown>(v)), weight: 3 },
    { arbitrary: fc.constant<Field>(ABSENT), weight: 2 },
    { arbitrary: fc.oneof(wrongJsonType(), fc.constant({ name: 7 })).map((v) => present(v)), weight: 1 },
  );
}
