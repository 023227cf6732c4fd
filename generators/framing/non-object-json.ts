// JSON texts that parse but are not one object: numbers, strings, null, booleans, arrays.
import fc from 'fast-check';

export function nonObjectJson(): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string({ maxLength: 12 }),
      fc.constantFrom(null, true, false),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
      fc.constant([]),
    )
    .map((value) => JSON.stringify(value));
}
