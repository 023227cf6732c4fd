// Fuzz findings, when the run has them: what broke, the shrunk input, and the replay command.
import type { RunResults } from '../../harness/runner/results.js';
import { esc, escPretty } from './escape.js';
import { link, plural } from './parts.js';

export function renderFuzz(results: RunResults): string {
  const fuzz = results.fuzz;
  if (!fuzz) return '';
  const campaigns = fuzz.campaigns?.length
    ? `<table class="campaigns"><thead><tr><th scope="col">campaign</th><th scope="col">runs</th><th scope="col">seed</th><th scope="col">findings</th></tr></thead><tbody>${fuzz.campaigns
        .map((c) => `<tr><td><code>${esc(c.campaign)}</code></td><td>${esc(c.runs)}</td><td><code>${esc(c.seed)}</code></td><td>${esc(c.findings)}</td></tr>`)
        .join('')}</tbody></table>`
    : '';
  const findings = fuzz.findings
    .map((f, index) => {
      const transcript = f.transcript?.length
        ? `<details class="transcript" data-source="fuzz:${index}"><summary>Wire transcript (${plural(f.transcript.length, 'entry', 'entries')})</summary><div class="transcript-body"></div></details>`
        : '';
      return `<details class="finding" open><summary><span class="badge v-fail">FINDING</span> <code>${esc(f.id)}</code> ${esc(f.message)}</summary><div class="body">
<p>Campaign <code>${esc(f.campaign)}</code>, property <code>${esc(f.property)}</code>${f.level ? `, ${esc(f.level)}` : ''}${f.spec ? ` · Spec: ${link(f.spec)}` : ''}</p>
<p>Seed <code>${esc(f.seed)}</code>${f.path !== undefined ? `, path <code>${esc(f.path)}</code>` : ''}${f.file ? `, saved as <code>${esc(f.file)}</code>` : ''}</p>
<p>Replay: <code class="replay">${esc(f.replayCommand)}</code></p>
<h4>Counterexample</h4><pre>${escPretty(f.counterexample)}</pre>${transcript}</div></details>`;
    })
    .join('\n');
  return `<section id="fuzz"><h2>Fuzz findings <span class="muted">(${plural(fuzz.findings.length, 'finding')})</span></h2>${campaigns}${findings || '<p>No findings.</p>'}</section>`;
}
