// Every kind of id, valid or not, for the id campaign: undefined stands for no id member (a
// notification).
import fc from 'fast-check';
import type { IdCase } from '../builders/id-case.js';
import { fractionalId } from './fractional-id.js';
import { integralSpellingId } from './integral-spelling-id.js';
import { invalidId } from './invalid-id.js';
import { unsafeIntegerId } from './unsafe-integer-id.js';
import { validId } from './valid-id.js';

export function requestId(): fc.Arbitrary<IdCase | undefined> {
  return fc.oneof(
    { arbitrary: validId(), weight: 4 },
    { arbitrary: unsafeIntegerId(), weight: 2 },
    { arbitrary: fractionalId(), weight: 1 },
    { arbitrary: integralSpellingId(), weight: 1 },
    { arbitrary: invalidId(), weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}
