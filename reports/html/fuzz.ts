// The fuzz run, when the results have one: each finding (fails the run) and warning (a SHOULD
// missed), one line opening to what broke, the shrunk input and the replay commands; the harness
// errors; then every property with its verdict, including those the harness could not run.
import type { FuzzFinding, FuzzResults } from '../../harness/results/fuzz-results.js';
import { fuzzPropertyRuns, fuzzVerdict, NOT_EXHAUSTED, undecidedNote } from '../../harness/results/fuzz-results.js';
import type { RunResults } from '../../harness/results/results.js';
import { esc, escPretty } from './escape.js';
import { badge, duration, link, plural } from './parts.js';

function propertyTable(fuzz: FuzzResults): string {
  const properties = fuzzPropertyRuns(fuzz);
  if (properties.length === 0) return '';
  const rows = properties
    .map((p) => {
      const verdict = fuzzVerdict(p);
      const note = p.skipped ?? p.error ?? (p.undecided ? undecidedNote(p) : p.interrupted ? NOT_EXHAUSTED : '');
      return `<tr data-fuzz-verdict="${verdict}"><td>${badge(verdict)}</td><td><code>${esc(p.id)}</code></td><td>${esc(p.level ?? '')}</td><td>${esc(p.cases)}</td><td>${p.durationMs === undefined ? '' : esc(duration(p.durationMs))}</td><td>${esc(note)}</td></tr>`;
    })
    .join('');
  return `<table class="fuzz-properties"><thead><tr><th scope="col">verdict</th><th scope="col">property</th><th scope="col">level</th><th scope="col">cases</th><th scope="col">time</th><th scope="col">note</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function findingBlock(f: FuzzFinding, index: number, kind: 'finding' | 'warning'): string {
  const transcript = f.transcript?.length
    ? `<details class="transcript" data-source="${kind === 'finding' ? 'fuzz' : 'fuzz-warning'}:${index}"><summary>Wire transcript (${plural(f.transcript.length, 'entry', 'entries')})</summary><div class="transcript-body"></div></details>`
    : '';
  const label = kind === 'finding' ? badge('fail', 'FINDING') : badge('warn', 'WARNING');
  const broken = (f.failures ?? [])
    .map((b) => `<li>${esc(b.message)} <span class="muted">${esc(b.level)}</span> ${link(b.spec)}</li>`)
    .join('');
  return `<details class="finding" data-kind="${kind}"><summary>${label} <code class="id">${esc(f.id)}</code> <span class="line">${esc(f.message)}</span></summary><div class="body">
${f.title ? `<p class="check-title">${esc(f.title)}</p>` : ''}<p class="reason">${esc(f.message)}</p>${f.requirement ? `<blockquote>${esc(f.requirement)}</blockquote>` : ''}
<p>Campaign <code>${esc(f.campaign)}</code>, property <code>${esc(f.property)}</code>${f.level ? `, ${esc(f.level)}` : ''}${f.spec ? ` · Spec: ${link(f.spec)}` : ''}</p>
${broken ? `<ul class="broken">${broken}</ul>` : ''}
${f.seenIn ? `<p class="baselined">Seen before, in <code>${esc(f.seenIn)}</code></p>` : ''}${f.signature ? `<p>Signature <code>${esc(f.signature)}</code>${f.duplicates ? ` (${esc(f.duplicates)} more of this run folded into it)` : ''}</p>` : ''}
<p>Seed <code>${esc(f.seed)}</code>${f.path !== undefined ? `, path <code>${esc(f.path)}</code>` : ''}${f.file ? `, saved as <code>${esc(f.file)}</code>` : ''}</p>
<p>Replay: <code class="replay">${esc(f.replayCommand)}</code></p>${f.dependsOn ? `\n<p>Depends on: ${esc(f.dependsOn)}</p>` : ''}${f.replayFileCommand ? `\n<p>Replay the saved bytes: <code class="replay">${esc(f.replayFileCommand)}</code></p>` : ''}
<h4>Counterexample</h4><pre>${escPretty(f.counterexample)}</pre>${transcript}</div></details>`;
}

export function renderFuzz(results: RunResults): string {
  const fuzz = results.fuzz;
  if (!fuzz) return '';
  const findings = fuzz.findings.map((f, i) => findingBlock(f, i, 'finding')).join('\n');
  const warnings = (fuzz.warnings ?? []).map((f, i) => findingBlock(f, i, 'warning')).join('\n');
  const errors = fuzz.errors?.length
    ? `<h3>Harness errors</h3><ul class="fuzz-errors">${fuzz.errors.map((e) => `<li>${esc(e)}</li>`).join('')}</ul>`
    : '';
  const budget = fuzz.budget
    ? `, ${esc(fuzz.budget.runs)} runs per property${fuzz.budget.timeBudgetMs !== undefined ? `, time budget ${esc(duration(fuzz.budget.timeBudgetMs))}` : ''}`
    : '';
  const seed = fuzz.seed !== undefined ? `<p>Seed <code>${esc(fuzz.seed)}</code>${budget}</p>` : '';
  const counts = `${plural(fuzz.findings.length, 'finding')}, ${plural(fuzz.warnings?.length ?? 0, 'warning')}${fuzz.errors?.length ? `, ${plural(fuzz.errors.length, 'error')}` : ''}`;
  const table = propertyTable(fuzz);
  const none = findings || warnings ? '' : '<p class="none">No findings.</p>';
  return `<section id="fuzz"><h2>Fuzzing <span class="muted">(${counts})</span></h2>${findings}${warnings}${none}${errors}${seed}${table ? `<h3>Properties</h3>${table}` : ''}</section>`;
}
