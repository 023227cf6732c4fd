// The filter bar: checkboxes for each verdict, level, area and revision present in the run. It
// sits above the matrix, scrolls with the page, and keeps the long list of areas folded so it
// stays a line or two high.
import type { RunResults } from '../../harness/results/results.js';
import { CELL_LABELS, cellVerdict, type CellVerdict } from '../compat-matrix.js';
import { esc } from './escape.js';
import { badge } from './parts.js';

function group(name: string, legend: string, values: string[], label: (value: string) => string): string {
  if (values.length === 0) return '';
  const boxes = values
    .map((v) => `<label><input type="checkbox" name="${name}" value="${esc(v)}" checked> ${label(v)}</label>`)
    .join('');
  return `<span class="filter-group" role="group" aria-label="${legend}" data-filter="${name}"><span class="legend">${legend}</span>${boxes}</span>`;
}

export function renderFilters(results: RunResults): string {
  const present = new Set(results.checks.map(cellVerdict));
  const order: CellVerdict[] = ['fail', 'error', 'expected', 'unstable', 'warn', 'pass', 'skip'];
  // Every verdict gets a box so the bar looks the same run to run; XFAIL only with a baseline.
  const verdicts = order.filter((v) => v !== 'expected' || present.has(v));
  const unique = (pick: (c: RunResults['checks'][number]) => string) => [...new Set(results.checks.map(pick))];
  const areas = unique((c) => c.area);
  return `<form id="filters" class="filters" aria-label="filter the matrix and the checks">
${group('verdict', 'Verdict', verdicts, (v) => badge(v as CellVerdict, CELL_LABELS[v as CellVerdict]))}
${group(
  'level',
  'Level',
  unique((c) => c.level),
  esc,
)}
${group(
  'revision',
  'Revision',
  unique((c) => c.revision),
  esc,
)}
<input type="search" name="text" placeholder="find id or title" aria-label="find by id or title">
<span class="actions"><button type="button" data-action="problems">Problems only</button> <button type="button" data-action="all">Show all</button>
<button type="button" data-action="expand">Expand all</button> <button type="button" data-action="collapse">Collapse all</button></span>
<span id="filter-status" role="status" aria-live="polite"></span>
<details class="more-filters"><summary>Areas (${areas.length})</summary>${group('area', 'Area', areas, esc)}</details>
</form>`;
}
