// Ids a client may send: strings and safe integers.
import fc from 'fast-check';
import type { IdCase } from '../builders/id-case.js';
import { integerId } from './integer-id.js';
import { stringId } from './string-id.js';

export function validId(): fc.Arbitrary<IdCase> {
  return fc.oneof(stringId(), integerId());
}
