// The matrix page's head: one row per implementation with its totals, pass rate, unique
// failures and conformance statement (skipped MUSTs and their reasons behind a disclosure).
import type { ImplementationColumn, ImplementationMatrix } from '../../harness/results/implementation-matrix.js';
import { VERDICTS } from '../../harness/results/vocabulary.js';
import { esc } from '../html/escape.js';
import { badge, plural } from '../html/parts.js';
import { evidenceHref } from './links.js';
import { renderConformance } from '../html/conformance.js';
import { transportBesideLabel } from './transport.js';

function implementationRow(column: ImplementationColumn): string {
  const report = evidenceHref(column.report);
  const name = report ? `<a href="${esc(report)}">${esc(column.label)}</a>` : esc(column.label);
  const server = [column.server.name, column.server.version].filter(Boolean).join(' ') || 'no serverInfo';
  const counts = VERDICTS.map(
    (v) => `<td class="${column.totals[v] > 0 ? `n v-${v}` : 'zero'}">${column.totals[v]}</td>`,
  ).join('');
  const rate = column.totals.passRate === null ? '—' : `${column.totals.passRate}%`;
  return `<tr data-impl="${esc(column.key)}"><th scope="row">${name}<div class="muted">${esc(server)}</div></th><td>${esc(transportBesideLabel(column))}<div class="muted"><code>${esc(column.target)}</code></div><div class="muted">${esc(column.file)} · ${esc(column.tool.name)} ${esc(column.tool.version)} · ${esc(column.outcome)}</div></td>${counts}<td>${column.totals.total}</td><td class="rate">${esc(rate)}</td><td class="${column.uniqueFailures > 0 ? 'n v-fail' : 'zero'}">${column.uniqueFailures}</td><td class="conformance">${renderConformance(column.conformance)}</td></tr>`;
}

export function renderMatrixHeader(matrix: ImplementationMatrix): string {
  const head = VERDICTS.map((v) => `<th scope="col">${badge(v)}</th>`).join('');
  const facts = `${plural(matrix.columns.length, 'implementation')}, ${plural(matrix.rows.length, 'check')}, ${plural(matrix.uniqueFailures, 'unique failure')}`;
  return `<header><h1>MCP implementation matrix</h1><p class="muted">${esc(facts)}. A unique failure is a check one implementation alone fails while another passes it.</p></header>
<section id="implementations"><h2>Implementations</h2><div class="scroll"><table class="implementations"><thead><tr><th scope="col">implementation</th><th scope="col">transport, target, results</th>${head}<th scope="col">total</th><th scope="col">pass rate</th><th scope="col">unique failures</th><th scope="col">conformance</th></tr></thead>
<tbody>${matrix.columns.map(implementationRow).join('')}</tbody></table></div></section>`;
}
