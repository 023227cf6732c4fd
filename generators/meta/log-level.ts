// Values for _meta logLevel (optional, deprecated): absent mostly, a level, or an unknown one.
import fc from 'fast-check';
import { ABSENT, present, type Field } from '../builders/field.js';

export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

export function logLevel(): fc.Arbitrary<Field> {
  return fc.oneof(
    { arbitrary: fc.constant<Field>(ABSENT), weight: 4 },
    { arbitrary: fc.constantFrom(...LOG_LEVELS).map((v) => present<unknown>(v)), weight: 1 },
    {
      arbitrary: fc
        .oneof(fc.constantFrom('verbose', 'DEBUG', 'warn', ''), fc.integer())
        .map((v) => present<unknown>(v)),
      weight: 1,
    },
  );
}
