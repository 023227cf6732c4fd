// How a line ends: LF, or CRLF (the CR is JSON whitespace, so the line still parses).
import fc from 'fast-check';

export type LineEnding = '\n' | '\r\n';

export function lineEnding(): fc.Arbitrary<LineEnding> {
  return fc.constantFrom<LineEnding>('\n', '\r\n');
}
