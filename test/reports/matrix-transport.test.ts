// Each implementation's transport is printed once where it is named: in the header row, the
// matrix column head and the console line, whether or not its label had to carry it.
import { describe, expect, test } from 'vitest';
import { buildImplementationMatrix } from '../../harness/results/implementation-matrix.js';
import { matrixConsoleLines } from '../../reports/matrix-page/console.js';
import { renderMatrixHeader } from '../../reports/matrix-page/header.js';
import { renderMatrixTable } from '../../reports/matrix-page/table.js';
import { fakeResults } from './matrix-fakes.js';

const check: [string, 'pass'] = ['2026-07-28/tools/list', 'pass'];
const matrix = buildImplementationMatrix([
  { results: fakeResults([check], { name: 'alpha' }), file: 'a1.json' },
  { results: fakeResults([check], { name: 'alpha', transport: 'http' }), file: 'a2.json' },
  { results: fakeResults([check], { name: 'gamma', transport: 'http' }), file: 'g.json' },
]);
const times = (text: string, word: string) => text.split(word).length - 1;
const transports = ['stdio', 'http', 'http'];

describe('transport printed once per implementation', () => {
  test('labels that need it carry it; one that does not, does not', () => {
    expect(matrix.columns.map((c) => c.label)).toEqual(['alpha 1.0.0 (stdio)', 'alpha 1.0.0 (http)', 'gamma 1.0.0']);
  });

  test('header row, matrix column head and console line', () => {
    const rows = renderMatrixHeader(matrix).match(/<tr data-impl=.*?<\/tr>/g) ?? [];
    const heads = renderMatrixTable(matrix).match(/<th scope="col" data-impl=.*?<\/th>/g) ?? [];
    const lines = matrixConsoleLines(matrix).slice(1, 4);
    expect([rows.length, heads.length, lines.length]).toEqual([3, 3, 3]);
    for (const [i, transport] of transports.entries()) {
      // The target (node fake.js) and the results file name no transport of their own.
      expect(times(rows[i], transport), rows[i]).toBe(1);
      expect(times(heads[i], transport), heads[i]).toBe(1);
      expect(times(lines[i], transport), lines[i]).toBe(1);
    }
  });
});
