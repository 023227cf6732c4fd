// String ids: any Unicode text, the empty string, long ones, and ones that look like numbers
// (an answer must keep them strings).
import fc from 'fast-check';
import { idCase, type IdCase } from '../builders/id-case.js';

export function stringId(): fc.Arbitrary<IdCase> {
  return fc
    .oneof(
      fc.string({ unit: 'grapheme', maxLength: 24 }),
      fc.integer().map(String),
      fc.constantFrom('', ' ', '0', '-1', '1e3', 'null', '\u0000', 'id\nwith newline'),
      fc.string({ unit: 'grapheme-ascii', minLength: 256, maxLength: 2048 }),
    )
    .map((text) => idCase('string', JSON.stringify(text)));
}
