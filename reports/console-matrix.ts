// The compact compatibility matrix of the console summary: capabilities and areas x revisions,
// printed when more than one revision ran (checks are listed above it already).
import type { Verdict } from '../harness/results/vocabulary.js';
import type { RunResults } from '../harness/results/results.js';
import { paint, type Style } from './console-style.js';
import { cellText, matrixOf } from './matrix-view.js';

export function matrixLines(results: RunResults, style: Style): string[] {
  const matrix = matrixOf(results);
  if (matrix.columns.length < 2) return [];
  const rows = matrix.rows.filter((row) => row.kind !== 'check');
  const label = (key: string) => key.replace(/^capability:/, 'declares ');
  const first = Math.max(...rows.map((row) => label(row.key).length), 'compatibility'.length);
  const widths = matrix.columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => cellText(row, row.cells[column]).length)),
  );
  const lines = [
    `${'compatibility'.padEnd(first)}  ${matrix.columns.map((column, i) => column.padEnd(widths[i])).join('  ')}`.trimEnd(),
  ];
  for (const row of rows) {
    const cells = matrix.columns.map((column, i) => {
      const cell = row.cells[column];
      const text = cellText(row, cell).padEnd(widths[i]);
      return cell?.verdict ? paint(style, cell.verdict as Verdict, text) : text;
    });
    lines.push(`${label(row.key).padEnd(first)}  ${cells.join('  ')}`.trimEnd());
  }
  return lines;
}
