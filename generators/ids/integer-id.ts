// Integer ids within the range every JSON parser keeps exact (|n| < 2^53), zero and negatives.
import fc from 'fast-check';
import { idCase, type IdCase } from '../builders/id-case.js';

export function integerId(): fc.Arbitrary<IdCase> {
  return fc
    .oneof(
      fc.integer(),
      fc.constantFrom(0, -1, 1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
      fc.maxSafeInteger(),
    )
    .map((n) => idCase('integer', String(n)));
}
