// Every check with its evidence, grouped by revision and area; failures open by default.
import type { CheckResult, RunResults } from '../../harness/results/results.js';
import { cellVerdict } from '../compat-matrix.js';
import { esc, escPretty } from './escape.js';
import { anchorId, badge, duration, link, plural } from './parts.js';

function evidence(check: CheckResult): string {
  if (check.expected === undefined && check.actual === undefined) return '';
  const side = (label: string, value: unknown) => `<div><h4>${label}</h4><pre>${value === undefined ? '<span class="muted">(not recorded)</span>' : escPretty(value)}</pre></div>`;
  return `<div class="evidence">${side('Expected', check.expected)}${side('Actual', check.actual)}</div>`;
}

function transcript(check: CheckResult, index: number): string {
  const n = check.transcript?.length ?? 0;
  if (n === 0) return '<p class="muted">No wire traffic was attributed to this check.</p>';
  const dropped = check.transcriptDropped ? `, ${check.transcriptDropped} more not kept` : '';
  return `<details class="transcript" data-source="check:${index}"><summary>Wire transcript (${plural(n, 'entry', 'entries')}${dropped})</summary><div class="transcript-body"></div><noscript><p>The transcript is rendered by the page's script; the full data is in the results JSON embedded at the end of this file.</p></noscript></details>`;
}

function checkBlock(check: CheckResult, index: number): string {
  const verdict = cellVerdict(check);
  const open = verdict === 'fail' || verdict === 'error' ? ' open' : '';
  const expected = check.expectedFailure
    ? `<p class="baselined">Expected failure: listed in the baseline as <code>${esc(check.expectedFailure.pattern)}</code>${check.expectedFailure.reason ? ` — ${esc(check.expectedFailure.reason)}` : ''}</p>`
    : '';
  const reason = check.reason ? `<p class="reason">${esc(check.reason)}</p>` : '';
  const catalog = check.catalog?.length ? ` · catalog ${check.catalog.map((c) => `<code>${esc(c)}</code>`).join(', ')}` : '';
  const notes = check.notes?.length ? `<ul class="notes">${check.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` : '';
  const search = `${check.id} ${check.title}`.toLowerCase();
  return `<details class="check" id="${esc(anchorId(check.id))}" data-verdict="${esc(verdict)}" data-level="${esc(check.level)}" data-area="${esc(check.area)}" data-revision="${esc(check.revision)}" data-search="${esc(search)}"${open}>
<summary>${badge(verdict)} <span class="level">${esc(check.level)}</span> <code class="id">${esc(check.id)}</code> <span class="title">${esc(check.title)}</span> <span class="muted dur">${duration(check.durationMs)}</span></summary>
<div class="body">${expected}${reason}<blockquote>${esc(check.requirement)}</blockquote><p class="spec">Spec: ${link(check.spec)}${catalog} · ${esc(check.transport)}</p>${evidence(check)}${notes}${transcript(check, index)}</div>
</details>`;
}

export function renderChecks(results: RunResults): string {
  const groups = new Map<string, Array<{ check: CheckResult; index: number }>>();
  results.checks.forEach((check, index) => {
    const key = `${check.revision}/${check.area}`;
    groups.set(key, [...(groups.get(key) ?? []), { check, index }]);
  });
  const body = [...groups]
    .map(([key, items]) => `<section class="group" data-group="${esc(key)}"><h3>${esc(key)} <span class="muted">(${plural(items.length, 'check')})</span></h3>${items.map(({ check, index }) => checkBlock(check, index)).join('\n')}</section>`)
    .join('\n');
  return `<section id="checks"><h2>Checks</h2>${body || '<p class="muted">No checks were run.</p>'}</section>`;
}
