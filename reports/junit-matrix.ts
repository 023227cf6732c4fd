// The compatibility matrix in JUnit: a testsuite of its own that holds no testcases (the matrix
// is a view of the checks, not a test), with one property per row and cell and the whole table.
import type { Builder } from 'junit-report-builder';
import type { RunResults } from '../harness/results/results.js';
import { cellText, matrixOf } from './matrix-view.js';
import { xmlSafe } from './text.js';

export function addMatrixSuite(builder: Builder, results: RunResults): void {
  const matrix = matrixOf(results);
  if (matrix.rows.length === 0) return;
  const suite = builder.testSuite().name('compatibility matrix').property('kind', 'matrix').property('revisions', matrix.columns.join(','));
  const table: string[] = [['row', ...matrix.columns].join('\t')];
  for (const row of matrix.rows) {
    const cells = matrix.columns.map((column) => cellText(row, row.cells[column]));
    table.push([row.key, ...cells].join('\t'));
    matrix.columns.forEach((column, i) => suite.property(xmlSafe(`${row.kind}:${row.key.replace(/^capability:/, '')}@${column}`), xmlSafe(cells[i])));
  }
  // An attribute, not element text: junit-4.xsd gives <property> no content (newlines are kept as &#xA;).
  suite.property('table', xmlSafe(table.join('\n')));
}
