// The matrix on the console: a line per implementation (pass rate, counts, unique failures) and
// its conformance statement. Server strings pass through inlineText: no escape sequence or line
// break of theirs reaches the terminal.
import type { ImplementationMatrix } from '../../harness/results/implementation-matrix.js';
import { conformanceLines } from '../../harness/results/conformance.js';
import { VERDICTS } from '../../harness/results/vocabulary.js';
import { inlineText } from '../text.js';
import { transportBesideLabel } from './transport.js';

export function matrixConsoleLines(matrix: ImplementationMatrix): string[] {
  const labels = matrix.columns.map((c) =>
    inlineText(transportBesideLabel(c) ? `${c.label} (${c.transport})` : c.label),
  );
  const width = Math.max(...labels.map((l) => l.length), 'implementation'.length);
  const lines = [`${'implementation'.padEnd(width)}  pass rate  ${VERDICTS.join(' ')}  unique failures`];
  matrix.columns.forEach((c, i) => {
    const rate = c.totals.passRate === null ? '—' : `${c.totals.passRate}%`;
    lines.push(
      `${labels[i].padEnd(width)}  ${rate.padStart(9)}  ${VERDICTS.map((v) => String(c.totals[v]).padStart(v.length)).join(' ')}  ${c.uniqueFailures}`,
    );
  });
  for (const [i, c] of matrix.columns.entries())
    for (const line of conformanceLines(c.conformance)) lines.push(`${labels[i]}: ${inlineText(line)}`);
  lines.push(
    `${matrix.columns.length} implementations, ${matrix.rows.length} checks, ${matrix.uniqueFailures} unique failures`,
  );
  return lines;
}
