// A JSON value of a type other than object: what a malformed `_meta` member carries.
import fc from 'fast-check';

export function wrongJsonType(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string({ maxLength: 12 }),
    fc.array(fc.integer(), { maxLength: 2 }),
  );
}
