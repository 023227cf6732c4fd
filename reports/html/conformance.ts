// The conformance statement as HTML: a line per revision, then the MUSTs that failed or have no
// verdict, and the skipped ones with their reasons, behind disclosures.
import { conformanceLines, type ConformanceStatement } from '../../harness/results/conformance.js';
import { esc } from './escape.js';
import { badge, plural } from './parts.js';

export function renderConformance(statement: ConformanceStatement): string {
  const lines = conformanceLines(statement)
    .map((line) => `<li>${esc(line)}</li>`)
    .join('');
  const skipped = statement.revisions.flatMap((r) => [...r.core.skipped, ...r.extended.flatMap((e) => e.skipped)]);
  const open = statement.revisions.flatMap((r) => [
    ...r.core.failures,
    ...r.core.inconclusive,
    ...r.extended.flatMap((e) => [...e.failures, ...e.inconclusive]),
  ]);
  const list = (items: typeof skipped) =>
    items.map((i) => `<li><code>${esc(i.id)}</code> ${badge(i.verdict)} ${esc(i.reason ?? '')}</li>`).join('');
  const more = [
    open.length
      ? `<details><summary>${plural(open.length, 'MUST')} failed or without a verdict</summary><ul>${list(open)}</ul></details>`
      : '',
    skipped.length
      ? `<details><summary>${plural(skipped.length, 'MUST')} skipped</summary><ul>${list(skipped)}</ul></details>`
      : '',
  ].join('');
  return `<ul class="statement">${lines || '<li class="muted">no revision was run</li>'}</ul>${more}`;
}
