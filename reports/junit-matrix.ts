// The compatibility matrix in JUnit: a testsuite of its own that holds no testcases (the matrix
// is a view of the checks, not a test), with one property per row and cell and the whole table.
import type { RunResults } from '../harness/results/results.js';
import { testSuite, type XmlElement } from './junit-xml.js';
import { cellText, matrixOf } from './matrix-view.js';

export function matrixSuite(results: RunResults): XmlElement[] {
  const matrix = matrixOf(results);
  if (matrix.rows.length === 0) return [];
  const properties: [string, string][] = [
    ['kind', 'matrix'],
    ['revisions', matrix.columns.join(',')],
  ];
  const table: string[] = [['row', ...matrix.columns].join('\t')];
  for (const row of matrix.rows) {
    const cells = matrix.columns.map((column) => cellText(row, row.cells[column]));
    table.push([row.key, ...cells].join('\t'));
    matrix.columns.forEach((column, i) =>
      properties.push([`${row.kind}:${row.key.replace(/^capability:/, '')}@${column}`, cells[i]]),
    );
  }
  // An attribute, not element text: junit-4.xsd gives <property> no content (newlines are kept as &#xA;).
  properties.push(['table', table.join('\n')]);
  return [testSuite({ name: 'compatibility matrix' }, properties, [])];
}
