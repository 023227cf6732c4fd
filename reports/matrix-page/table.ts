// The matrix itself: a row per check, grouped by revision and area, a column per implementation;
// each cell the verdict (colour and text), its reason on hover, a link to that run's evidence.
// Then the details section every cell without a report of its own links to.
import type {
  ImplementationCell,
  ImplementationColumn,
  ImplementationMatrix,
  ImplementationRow,
} from '../../harness/results/implementation-matrix.js';
import { CELL_LABELS, type CellVerdict } from '../compat-matrix.js';
import { esc, escPretty } from '../html/escape.js';
import { badge, link, plural } from '../html/parts.js';
import { cellHref, detailsId, entryId } from './links.js';
import { transportBesideLabel } from './transport.js';

function cellVerdict(cell: ImplementationCell): CellVerdict {
  return cell.expectedFailure && (cell.verdict === 'fail' || cell.verdict === 'error') ? 'expected' : cell.verdict;
}

function cell(row: ImplementationRow, value: ImplementationCell | null, column: ImplementationColumn): string {
  if (!value)
    return `<td class="cell" data-impl="${esc(column.key)}" data-verdict="" title="not run by this implementation">${badge(undefined)}</td>`;
  const verdict = cellVerdict(value);
  const unique = row.uniqueFailure === column.key;
  const title = `${column.label}: ${CELL_LABELS[verdict]}${value.reason ? ` — ${value.reason}` : ''}${unique ? ' (unique failure)' : ''}`;
  return `<td class="cell${unique ? ' unique' : ''}" data-impl="${esc(column.key)}" data-verdict="${esc(value.verdict)}" title="${esc(title)}"><a href="${esc(cellHref(column.report, column.key, row.id))}">${badge(verdict)}</a>${unique ? '<span class="unique-mark" aria-label="unique failure">◆</span>' : ''}</td>`;
}

function checkRow(row: ImplementationRow, columns: ImplementationColumn[]): string {
  const verdicts = [...new Set(row.cells.flatMap((c) => (c ? [c.verdict] : [])))].join(' ');
  const search = `${row.id} ${row.title}`.toLowerCase();
  const cells = row.cells.map((value, i) => cell(row, value, columns[i])).join('');
  return `<tr class="check-row" data-revision="${esc(row.revision)}" data-area="${esc(row.area)}" data-level="${esc(row.level)}" data-verdicts="${esc(verdicts)}" data-unique="${esc(row.uniqueFailure ?? '')}" data-search="${esc(search)}"><th scope="row"><a href="#${esc(detailsId(row.id))}"><code>${esc(row.id)}</code></a><div class="muted">${esc(row.title)}</div></th><td>${esc(row.level)}</td><td>${link(row.spec, 'spec')}</td>${cells}</tr>`;
}

function groups(matrix: ImplementationMatrix): Array<{ key: string; rows: ImplementationRow[] }> {
  const out: Array<{ key: string; rows: ImplementationRow[] }> = [];
  for (const row of matrix.rows) {
    const key = `${row.revision}/${row.area}`;
    if (out.at(-1)?.key !== key) out.push({ key, rows: [] });
    out.at(-1)!.rows.push(row);
  }
  return out;
}

export function renderMatrixTable(matrix: ImplementationMatrix): string {
  const head = matrix.columns
    .map(
      (c) =>
        `<th scope="col" data-impl="${esc(c.key)}">${esc(c.label)}<div class="muted">${[transportBesideLabel(c), c.totals.passRate === null ? '' : `${c.totals.passRate}%`].filter(Boolean).map(esc).join(' · ')}</div></th>`,
    )
    .join('');
  const span = 3 + matrix.columns.length;
  const body = groups(matrix)
    .map(
      (g) =>
        `<tbody class="group" data-group="${esc(g.key)}"><tr class="group-row"><th scope="rowgroup" colspan="${span}">${esc(g.key)} <span class="muted">(${plural(g.rows.length, 'check')})</span></th></tr>${g.rows.map((r) => checkRow(r, matrix.columns)).join('')}</tbody>`,
    )
    .join('\n');
  return `<section id="matrix"><h2>Checks × implementations</h2><p class="muted">Hover a cell for the reason; click it for that run's evidence. ◆ marks a unique failure.</p>
<div class="scroll"><table class="matrix impl-matrix"><thead><tr><th scope="col">check</th><th scope="col">level</th><th scope="col">spec</th>${head}</tr></thead>${body || '<tbody><tr><td>No checks.</td></tr></tbody>'}</table></div></section>`;
}

function entry(row: ImplementationRow, value: ImplementationCell | null, column: ImplementationColumn): string {
  if (!value)
    return `<li id="${esc(entryId(column.key, row.id))}">${esc(column.label)}: <span class="muted">not run</span></li>`;
  const reason = value.reason ? `<pre>${escPretty(value.reason)}</pre>` : '';
  const report = column.report
    ? ` <span class="muted">(full evidence in <a href="${esc(cellHref(column.report, column.key, row.id))}">its report</a>)</span>`
    : '';
  return `<li id="${esc(entryId(column.key, row.id))}">${badge(cellVerdict(value))} ${esc(column.label)}${row.uniqueFailure === column.key ? ' <strong class="bad">unique failure</strong>' : ''}${report}${reason}</li>`;
}

export function renderMatrixDetails(matrix: ImplementationMatrix): string {
  const blocks = matrix.rows
    .map(
      (row) =>
        `<section class="detail" id="${esc(detailsId(row.id))}" data-revision="${esc(row.revision)}" data-area="${esc(row.area)}"><h3><code>${esc(row.id)}</code> <span class="muted">${esc(row.level)}</span></h3><p>${esc(row.title)} · ${link(row.spec)}</p><ul>${row.cells.map((c, i) => entry(row, c, matrix.columns[i])).join('')}</ul></section>`,
    )
    .join('\n');
  return `<section id="details"><h2>Verdicts and reasons</h2>${blocks}</section>`;
}
