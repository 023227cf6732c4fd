// Values for _meta protocolVersion: the right one most of the time, other dates, near misses,
// free text (printable ASCII, as it is mirrored into a header), wrong JSON types, or absent.
import fc from 'fast-check';
import { ABSENT, present, type Field } from '../builders/field.js';
import { wrongJsonType } from './wrong-json-type.js';

const NEAR_MISSES = [
  '2026-07-28 ',
  ' 2026-07-28',
  '2026-7-28',
  '20260728',
  'v2026-07-28',
  '2026-07-28T00:00:00Z',
  '2026-07-29',
  '2024-11-05',
  'latest',
  '',
  'DRAFT-2026-v1',
];

export function protocolVersion(current: string): fc.Arbitrary<Field> {
  const date = fc
    .date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  return fc.oneof(
    { arbitrary: fc.constant(present(current)), weight: 6 },
    {
      arbitrary: fc
        .oneof(date, fc.constantFrom(...NEAR_MISSES), fc.string({ unit: 'grapheme-ascii', maxLength: 16 }))
        .map((v) => present<unknown>(v)),
      weight: 2,
    },
    {
      arbitrary: wrongJsonType()
        .filter((v) => typeof v !== 'string')
        .map((v) => present(v)),
      weight: 1,
    },
    { arbitrary: fc.constant<Field>(ABSENT), weight: 1 },
  );
}
