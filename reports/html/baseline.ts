// The expected-failures baseline as applied: what it excused, what it missed, what went stale.
import type { RunResults } from '../../harness/results/results.js';
import { esc } from './escape.js';
import { anchorId, plural } from './parts.js';

function ids(list: string[]): string {
  return list.map((id) => `<a href="#${esc(anchorId(id))}"><code>${esc(id)}</code></a>`).join(', ');
}

export function renderBaseline(results: RunResults): string {
  const b = results.baseline;
  if (!b) return '';
  const rows: string[] = [
    `<li>${plural(b.expected.length, 'expected failure')}${b.expected.length ? `: ${ids(b.expected)}` : ''}</li>`,
    `<li class="${b.unexpected.length ? 'bad' : ''}">${plural(b.unexpected.length, 'unexpected failure')}${b.unexpected.length ? `: ${ids(b.unexpected)}` : ''}</li>`,
  ];
  for (const s of b.stale) {
    rows.push(
      `<li class="bad">stale entry <code>${esc(s.pattern)}</code>${s.reason ? ` (${esc(s.reason)})` : ''}: now passes ${ids(s.passing)}. Remove it from the baseline.</li>`,
    );
  }
  for (const w of b.warning ?? []) {
    rows.push(
      `<li>entry <code>${esc(w.pattern)}</code>${w.reason ? ` (${esc(w.reason)})` : ''}: still warns ${ids(w.warning)} (a SHOULD missed; not stale, fails only under --strict)</li>`,
    );
  }
  for (const u of b.unused)
    rows.push(
      `<li class="muted">entry <code>${esc(u.pattern)}</code> matched no check with a verdict in this run</li>`,
    );
  return `<section id="baseline"><h2>Baseline</h2><p><code>${esc(b.file)}</code>, ${plural(b.entries.length, 'entry', 'entries')}</p><ul>${rows.join('')}</ul></section>`;
}
