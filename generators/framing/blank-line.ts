// A line with no message on it: empty, or only whitespace.
import fc from 'fast-check';

export function blankLine(): fc.Arbitrary<string> {
  return fc.constantFrom('', ' ', '\t', '\r', '  \t  ');
}
