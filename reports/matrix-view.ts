// The matrix a report shows: the one the run recorded, or one computed from the checks (results
// files written before matrices existed, or merged from shards).
import { computeMatrix, type CompatibilityMatrix, type MatrixCell, type MatrixRow } from '../harness/results/matrix.js';
import type { RunResults } from '../harness/results/results.js';

export function matrixOf(results: RunResults): CompatibilityMatrix {
  return results.matrix ?? computeMatrix(results.revisions, results.checks);
}

/** One line of text for a cell: the verdict label of check rows, the counts of area rows. */
export function cellText(row: MatrixRow, cell: MatrixCell | undefined): string {
  if (!cell) return '—';
  if (row.kind !== 'area' || !cell.verdict) return cell.text;
  return `${cell.verdict.toUpperCase()} (${cell.text})`;
}
