// How a batch of well-formed request lines is framed on stdin: per line its ending, blank lines
// and whitespace before it; all lines in one write or one write each; and cuts inside writes.
import fc from 'fast-check';
import { blankLine } from './blank-line.js';
import { lineEnding, type LineEnding } from './line-ending.js';
import { splitFractions } from './split-fractions.js';

export interface LineShape {
  ending: LineEnding;
  blanksBefore: string[];
  /** Spaces or tabs before the JSON text (JSON whitespace). */
  indent: string;
}

export interface LineFraming {
  lines: LineShape[];
  /** All lines in one write, else one write per line. */
  oneWrite: boolean;
  /** Cuts inside each write, as fractions of its length. */
  splits: number[];
}

export function lineFraming(maxLines = 4): fc.Arbitrary<LineFraming> {
  const line = fc.record({
    ending: lineEnding(),
    blanksBefore: fc.array(blankLine(), { maxLength: 2 }),
    indent: fc.constantFrom('', '', ' ', '\t'),
  });
  return fc.record({
    lines: fc.array(line, { minLength: 1, maxLength: maxLines }),
    oneWrite: fc.boolean(),
    splits: splitFractions(),
  });
}
