// Integers spelled as JSON numbers with a fraction or exponent (7.0, 7e0, 700E-2, -0): the value
// is an integer, the text is not.
import fc from 'fast-check';
import { idCase, type IdCase } from '../builders/id-case.js';

export function integralSpellingId(): fc.Arbitrary<IdCase> {
  const spelled = fc
    .tuple(fc.integer({ min: -1000, max: 1000 }), fc.constantFrom('.0', '.00', 'e0', 'E+0', '00E-2'))
    .map(([n, tail]) => `${n}${tail}`);
  return fc.oneof(spelled, fc.constant('-0')).map((text) => idCase('integral-spelling', text));
}
