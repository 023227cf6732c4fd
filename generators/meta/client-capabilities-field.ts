// Values for _meta clientCapabilities: well-formed shapes mostly, objects with wrong member
// types, values that are not objects, or absent.
import fc from 'fast-check';
import { clientCapabilities } from '../capabilities/client-capabilities.js';
import { oddCapabilities } from '../capabilities/odd-capabilities.js';
import { ABSENT, present, type Field } from '../builders/field.js';
import { wrongJsonType } from './wrong-json-type.js';

export function clientCapabilitiesField(): fc.Arbitrary<Field> {
  return fc.oneof(
    { arbitrary: clientCapabilities().map((v) => present<unknown>(v)), weight: 6 },
    { arbitrary: oddCapabilities().map((v) => present<unknown>(v)), weight: 1 },
    { arbitrary: wrongJsonType().map((v) => present(v)), weight: 1 },
    { arbitrary: fc.constant<Field>(ABSENT), weight: 1 },
  );
}
