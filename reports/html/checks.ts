// The checks with their evidence. Failures, errors and warnings come first, one line each
// (the reason), opening to the evidence; the passing and skipped checks follow, grouped by
// revision and area. Every check appears once, so its anchor (matrix cells link to it) is unique.
import { pendingMark } from '../profile-text.js';
import type { CatalogRow, CheckResult, RunResults } from '../../harness/results/results.js';
import { cellVerdict, type CellVerdict } from '../compat-matrix.js';
import { renderActual } from './actual.js';
import { esc, escPretty, safeHref } from './escape.js';
import { anchorId, badge, duration, link, plural } from './parts.js';

/** The verdicts listed first, most serious first. */
export const PROBLEM_ORDER: CellVerdict[] = ['fail', 'error', 'unstable', 'warn', 'expected'];

function evidence(check: CheckResult): string {
  if (check.expected === undefined && check.actual === undefined) return '';
  const expected =
    check.expected === undefined ? '<span class="muted">(not recorded)</span>' : escPretty(check.expected);
  return `<div class="evidence"><div><h4>Expected</h4><pre>${expected}</pre></div><div><h4>Actual</h4>${renderActual(check.actual)}</div></div>`;
}

function transcript(check: CheckResult, index: number): string {
  const n = check.transcript?.length ?? 0;
  if (n === 0) return '<p class="muted">No wire traffic was attributed to this check.</p>';
  const dropped = check.transcriptDropped ? `, ${check.transcriptDropped} more not kept` : '';
  return `<details class="transcript" data-source="check:${index}"><summary>Wire transcript (${plural(n, 'entry', 'entries')}${dropped})</summary><div class="transcript-body"></div><noscript><p>The transcript is rendered by the page's script; the full data is in the results JSON embedded at the end of this file.</p></noscript></details>`;
}

/** A cited row's id, linked to its spec section when the results carry the row. */
function rowId(id: string, row: CatalogRow | undefined): string {
  const href = row && safeHref(row.url);
  return href
    ? `<a href="${esc(href)}" rel="noopener noreferrer" target="_blank"><code>${esc(id)}</code></a>`
    : `<code>${esc(id)}</code>`;
}

/** The requirement-index rows the check cites, each with its level and summary (results from before the index carry ids only). */
function catalogList(check: CheckResult): string {
  if (!check.catalogRows?.length) return '';
  const items = check.catalogRows.map(
    (row) => `<li>${rowId(row.id, row)} <span class="muted">${esc(row.level)}</span> ${esc(row.summary)}</li>`,
  );
  return `<ul class="catalog">${items.join('')}</ul>`;
}

/** A problem's line says why it is one; a passing check's line says what it tests. */
function checkBlock(check: CheckResult, index: number, problem: boolean): string {
  const verdict = cellVerdict(check);
  const expected = check.expectedFailure
    ? `<p class="baselined">Expected failure: listed in the baseline as <code>${esc(check.expectedFailure.pattern)}</code>${check.expectedFailure.reason ? ` — ${esc(check.expectedFailure.reason)}` : ''}</p>`
    : '';
  const reason = check.reason ? `<p class="reason">${esc(check.reason)}</p>` : '';
  const pending = check.pending ? `<p class="baselined">Pending, not scored: ${esc(check.pending)}</p>` : '';
  const title = problem ? `<p class="check-title">${esc(check.title)}</p>` : '';
  const line = problem && check.reason ? esc(check.reason) : esc(check.title);
  const rows = new Map((check.catalogRows ?? []).map((row) => [row.id, row]));
  const catalog = check.catalog?.length
    ? ` · catalog ${check.catalog.map((c) => rowId(c, rows.get(c))).join(', ')}`
    : '';
  const notes = check.notes?.length
    ? `<ul class="notes">${check.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>`
    : '';
  const search = `${check.id} ${check.title}`.toLowerCase();
  return `<details class="check" id="${esc(anchorId(check.id))}" data-verdict="${esc(verdict)}" data-level="${esc(check.level)}" data-area="${esc(check.area)}" data-revision="${esc(check.revision)}" data-search="${esc(search)}">
<summary>${badge(verdict)} <span class="level">${esc(check.level)}</span> <code class="id">${esc(check.id)}</code>${esc(pendingMark(check))} <span class="line">${line}</span> <span class="muted dur">${duration(check.durationMs)}</span></summary>
<div class="body">${title}${pending}${expected}${reason}<blockquote>${esc(check.requirement)}</blockquote><p class="spec">Spec: ${link(check.spec)}${catalog} · ${esc(check.transport)}</p>${catalogList(check)}${evidence(check)}${notes}${transcript(check, index)}</div>
</details>`;
}

const isProblem = (check: CheckResult) => PROBLEM_ORDER.includes(cellVerdict(check));

export function renderProblems(results: RunResults): string {
  const problems = results.checks
    .map((check, index) => ({ check, index }))
    .filter(({ check }) => isProblem(check))
    .sort(
      (a, b) =>
        PROBLEM_ORDER.indexOf(cellVerdict(a.check)) - PROBLEM_ORDER.indexOf(cellVerdict(b.check)) || a.index - b.index,
    );
  const body = problems.length
    ? problems.map(({ check, index }) => checkBlock(check, index, true)).join('\n')
    : '<p class="none">No check failed, erred or warned.</p>';
  return `<section id="problems"><h2>Failures and warnings <span class="muted">(${problems.length})</span></h2>${body}</section>`;
}

export function renderChecks(results: RunResults): string {
  const groups = new Map<string, Array<{ check: CheckResult; index: number }>>();
  results.checks.forEach((check, index) => {
    if (isProblem(check)) return;
    const key = `${check.revision}/${check.area}`;
    groups.set(key, [...(groups.get(key) ?? []), { check, index }]);
  });
  const body = [...groups]
    .map(
      ([key, items]) =>
        `<section class="group" data-group="${esc(key)}"><h3>${esc(key)} <span class="muted">(${plural(items.length, 'check')})</span></h3>${items.map(({ check, index }) => checkBlock(check, index, false)).join('\n')}</section>`,
    )
    .join('\n');
  return `<section id="checks"><h2>Passing and skipped checks</h2>${body || '<p class="muted">None: every check is listed under failures and warnings.</p>'}</section>`;
}
