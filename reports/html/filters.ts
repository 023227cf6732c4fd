// The filter bar: checkboxes for each verdict, level, area and revision present in the run.
import type { RunResults } from '../../harness/results/results.js';
import { CELL_LABELS, cellVerdict, type CellVerdict } from '../compat-matrix.js';
import { esc } from './escape.js';
import { badge } from './parts.js';

function group(name: string, legend: string, values: string[], label: (value: string) => string): string {
  if (values.length === 0) return '';
  const boxes = values.map((v) => `<label><input type="checkbox" name="${name}" value="${esc(v)}" checked> ${label(v)}</label>`).join('');
  return `<fieldset data-filter="${name}"><legend>${legend}</legend>${boxes}</fieldset>`;
}

export function renderFilters(results: RunResults): string {
  const present = new Set(results.checks.map(cellVerdict));
  const order: CellVerdict[] = ['fail', 'error', 'expected', 'unstable', 'warn', 'pass', 'skip'];
  // Every verdict gets a box so the bar looks the same run to run; XFAIL only with a baseline.
  const verdicts = order.filter((v) => v !== 'expected' || present.has(v));
  const unique = (pick: (c: RunResults['checks'][number]) => string) => [...new Set(results.checks.map(pick))];
  return `<form id="filters" class="filters" aria-label="filter checks">
${group('verdict', 'Verdict', verdicts, (v) => badge(v as CellVerdict, CELL_LABELS[v as CellVerdict]))}
${group('level', 'Level', unique((c) => c.level), esc)}
${group('area', 'Area', unique((c) => c.area), esc)}
${group('revision', 'Revision', unique((c) => c.revision), esc)}
<fieldset><legend>Find</legend><input type="search" name="text" placeholder="id or title" aria-label="find by id or title">
<button type="button" data-action="problems">Problems only</button> <button type="button" data-action="all">Show all</button>
<button type="button" data-action="expand">Expand all</button> <button type="button" data-action="collapse">Collapse all</button></fieldset>
<p id="filter-status" role="status" aria-live="polite"></p>
</form>`;
}
