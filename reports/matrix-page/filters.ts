// The matrix page's filter bar: verdict, level, revision, area, implementation, text, and
// "unique failures only". A row shows when one of its cells in a shown implementation has a
// shown verdict and the row's other fields pass.
import type { ImplementationMatrix } from '../../harness/results/implementation-matrix.js';
import type { Verdict } from '../../harness/results/vocabulary.js';
import { esc } from '../html/escape.js';
import { badge } from '../html/parts.js';

function group(name: string, legend: string, values: Array<[string, string]>): string {
  if (values.length === 0) return '';
  const boxes = values
    .map(
      ([value, label]) =>
        `<label><input type="checkbox" name="${name}" value="${esc(value)}" checked> ${label}</label>`,
    )
    .join('');
  return `<fieldset data-filter="${name}"><legend>${legend}</legend>${boxes}</fieldset>`;
}

const ORDER: Verdict[] = ['fail', 'error', 'unstable', 'warn', 'pass', 'skip'];

export function renderMatrixFilters(matrix: ImplementationMatrix): string {
  const unique = (pick: (row: ImplementationMatrix['rows'][number]) => string) =>
    [...new Set(matrix.rows.map(pick))].map((v): [string, string] => [v, esc(v)]);
  return `<form id="filters" class="filters" aria-label="filter the matrix">
${group(
  'verdict',
  'Verdict',
  ORDER.map((v): [string, string] => [v, badge(v)]),
)}
${group(
  'level',
  'Level',
  unique((r) => r.level),
)}
${group(
  'revision',
  'Revision',
  unique((r) => r.revision),
)}
${group(
  'area',
  'Area',
  unique((r) => r.area),
)}
${group(
  'impl',
  'Implementation',
  matrix.columns.map((c): [string, string] => [c.key, esc(c.label)]),
)}
<fieldset><legend>Find</legend><input type="search" name="text" placeholder="id or title" aria-label="find by id or title">
<label><input type="checkbox" name="unique-only"> unique failures only</label>
<button type="button" data-action="problems">Problems only</button> <button type="button" data-action="all">Show all</button></fieldset>
<p id="filter-status" role="status" aria-live="polite"></p>
</form>`;
}
