// The compatibility matrix: one row per requirement, one column per revision, colour plus text.
import type { RunResults } from '../../harness/results/results.js';
import { compatibilityMatrix, type ViewRow } from '../compat-matrix.js';
import { esc } from './escape.js';
import { anchorId, badge } from './parts.js';

function matrixRow(row: ViewRow, columns: string[]): string {
  const verdicts = [...new Set(row.cells.map((c) => c.verdict).filter(Boolean))].join(' ');
  const revisions = columns.filter((_, i) => row.cells[i].verdict).join(' ');
  const cells = row.cells
    .map((cell, i) => {
      const content = cell.checkId
        ? `<a href="#${esc(anchorId(cell.checkId))}">${badge(cell.verdict, cell.text)}</a>`
        : badge(cell.verdict, cell.text);
      const title = cell.note ? ` title="${esc(cell.note)}"` : '';
      return `<td class="cell" data-revision="${esc(columns[i])}" data-verdict="${esc(cell.verdict ?? '')}"${title}>${content}</td>`;
    })
    .join('');
  return `<tr class="matrix-row kind-${esc(row.kind)}" data-area="${esc(row.area ?? '')}" data-level="${esc(row.levels.join(' '))}" data-verdicts="${esc(verdicts)}" data-revisions="${esc(revisions)}"><th scope="row"><code>${esc(row.key)}</code>${row.title ? `<div class="muted">${esc(row.title)}</div>` : ''}</th><td>${esc(row.levels.join('/'))}</td>${cells}</tr>`;
}

export function renderMatrix(results: RunResults): string {
  const view = compatibilityMatrix(results);
  if (view.rows.length === 0) return '';
  const head = view.columns.map((c) => `<th scope="col">${esc(c)}</th>`).join('');
  const source = view.source === 'results.matrix' ? 'as recorded by the run' : 'computed from the checks';
  return `<section id="matrix"><h2>Compatibility matrix</h2><p class="muted">Capabilities the server declares, each area rolled up, and each check × revision (${esc(source)}); a cell links to the check's details.</p>
<div class="scroll"><table class="matrix"><thead><tr><th scope="col">capability, area or check</th><th scope="col">level</th>${head}</tr></thead><tbody>${view.rows.map((r) => matrixRow(r, view.columns)).join('')}</tbody></table></div></section>`;
}
