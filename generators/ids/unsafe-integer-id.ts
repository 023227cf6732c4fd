// Integers at and past 2^53, written exactly: valid JSON numbers that double-based parsers round.
import fc from 'fast-check';
import { idCase, type IdCase } from '../builders/id-case.js';

const TWO_53 = 2n ** 53n;

export function unsafeIntegerId(): fc.Arbitrary<IdCase> {
  return fc
    .tuple(
      fc.oneof(fc.bigInt({ min: TWO_53, max: 2n ** 70n }), fc.constantFrom(TWO_53, TWO_53 + 1n, 2n ** 63n, 2n ** 64n)),
      fc.boolean(),
    )
    .map(([magnitude, negative]) => idCase('unsafe-integer', `${negative ? '-' : ''}${magnitude}`));
}
