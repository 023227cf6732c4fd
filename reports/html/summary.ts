// The report's head: outcome, target, the server as each revision saw it, verdict counts.
import { isObject, VERDICTS, type Verdict } from '../../harness/results/vocabulary.js';
import type { ProfileSummary, RevisionRun, RunResults, VerdictCounts } from '../../harness/results/results.js';
import { conformanceOf } from '../../harness/results/conformance.js';
import { fuzzPropertyRuns } from '../../harness/results/fuzz-results.js';
import { renderConformance } from './conformance.js';
import { profileLines } from '../profile-text.js';
import { esc } from './escape.js';
import { badge, duration, plural } from './parts.js';

const OUTCOME_TEXT: Record<string, string> = {
  passed: 'PASSED',
  failed: 'FAILED',
  unreachable: 'TARGET UNREACHABLE',
  inconclusive: 'INCONCLUSIVE',
  'no-verdicts': 'NOT APPLICABLE: NO VERDICTS',
  interrupted: 'INTERRUPTED',
  'usage-error': 'USAGE ERROR',
  'stale-baseline': 'STALE BASELINE',
};

export function renderHeader(results: RunResults): string {
  const good = results.exitCode === 0;
  const facts: Array<[string, string]> = [
    ['Target', `${esc(results.target.transport)} <code>${esc(results.target.description)}</code>`],
  ];
  if (results.checks.length > 0) facts.push(['Checks', countsLine(results.summary)]);
  if (results.fuzz) facts.push(['Fuzzing', fuzzLine(results)]);
  if (results.revisions.length > 0 && results.checks.length > 0)
    facts.push(['Conformance', renderConformance(conformanceOf(results))]);
  const profiles = profileLines(results);
  if (profiles.length > 0) facts.push(['Profile', profiles.map((line) => esc(line)).join('<br>')]);
  facts.push([
    'Run',
    esc(
      `${results.tool.name} ${results.tool.version} · ${results.startedAt} (${duration(results.durationMs)}) · ${optionsText(results)}`,
    ),
  ]);
  if (results.mergedShards) facts.push(['Merged', esc(`shards ${results.mergedShards.join(', ')}`)]);
  if (results.probe) facts.push(['Probe', esc(results.probe.evidence.join('; '))]);
  return `<header>
<h1>MCP conformance report <span class="outcome ${good ? 'good' : 'bad'}"><strong>${esc(OUTCOME_TEXT[results.outcome] ?? results.outcome)}</strong> · exit ${esc(results.exitCode)}</span></h1>${results.error ? `\n<p class="bad run-error">${esc(results.error)}</p>` : ''}
<dl class="facts">${facts.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>
</header>`;
}

/** Only the verdicts that occurred, the problems first: `2 fail, 1 warn, 180 pass, 64 skip of 247`. */
function countsLine(counts: RunResults['summary']): string {
  const order: Verdict[] = ['fail', 'error', 'unstable', 'warn', 'pass', 'skip'];
  const parts = order
    .filter((v) => counts[v] > 0)
    .map((v) => `<span class="${v === 'pass' || v === 'skip' ? '' : `n v-${v}`}">${counts[v]} ${esc(v)}</span>`);
  return `${parts.join(', ')} <span class="muted">of ${plural(counts.total, 'check')}</span>`;
}

function fuzzLine(results: RunResults): string {
  const fuzz = results.fuzz!;
  const findings = plural(fuzz.findings.length, 'finding');
  const warnings = plural(fuzz.warnings?.length ?? 0, 'warning');
  return `<span class="${fuzz.findings.length ? 'n v-fail' : ''}">${findings}</span>, <span class="${fuzz.warnings?.length ? 'n v-warn' : ''}">${warnings}</span> <span class="muted">from ${plural(fuzzPropertyRuns(fuzz).length, 'property', 'properties')}</span>`;
}

function optionsText(results: RunResults): string {
  const o = results.options;
  const parts = [`revisions ${o.revisions}`, o.strict ? 'strict' : 'not strict'];
  if (o.select?.length) parts.push(`check ${o.select.join(', ')}`);
  if (o.skip?.length) parts.push(`skip ${o.skip.join(', ')}`);
  if (results.shard) parts.push(`shard ${results.shard.index}/${results.shard.count}`);
  return parts.join(' · ');
}

function serverName(profile: ProfileSummary | undefined): string {
  const info = profile?.serverInfo;
  if (!isObject(info)) return 'unknown server';
  return (
    [info.title ?? info.name, info.version]
      .filter((v) => v !== undefined)
      .map(String)
      .join(' ') || 'unnamed server'
  );
}

function nameList(names: string[], max = 12): string {
  const shown = names
    .slice(0, max)
    .map((n) => `<code>${esc(n)}</code>`)
    .join(', ');
  return names.length > max ? `${shown} and ${names.length - max} more` : shown;
}

/** What the server offers: its capabilities, and how many of each primitive it listed. */
function offered(profile: ProfileSummary | undefined): string {
  if (!profile) return '<span class="muted">no profile (the run stopped before discovery)</span>';
  const items: string[] = [];
  const capabilities = isObject(profile.capabilities) ? profile.capabilities : {};
  for (const [name, value] of Object.entries(capabilities)) {
    const flags = isObject(value)
      ? Object.entries(value)
          .filter(([, v]) => v === true)
          .map(([k]) => k)
      : [];
    items.push(`<li><strong>${esc(name)}</strong>${flags.length ? ` (${esc(flags.join(', '))})` : ''}</li>`);
  }
  const lists: Array<[string, string[]]> = [
    ['tools', profile.tools],
    ['resources', profile.resources],
    ['resource templates', profile.resourceTemplates],
    ['prompts', profile.prompts],
  ];
  for (const [label, names] of lists)
    if (names?.length)
      items.push(`<li>${plural(names.length, label.replace(/s$/, ''), label)}: ${nameList(names)}</li>`);
  return items.length ? `<ul class="offers">${items.join('')}</ul>` : '<span class="muted">no capabilities</span>';
}

function serverRow(run: RevisionRun, index: number): string {
  const p = run.profile;
  const versions = p?.protocolVersion
    ? `negotiated ${p.protocolVersion}`
    : p?.supportedVersions
      ? `supports ${p.supportedVersions.join(', ')}`
      : '';
  const problems = p?.problems?.length
    ? `<ul class="problems">${p.problems.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>`
    : '';
  const notes = run.notes?.length
    ? `<ul class="notes">${run.notes.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>`
    : '';
  const stderr = run.stderr ? `<details><summary>server stderr</summary><pre>${esc(run.stderr)}</pre></details>` : '';
  const discovery = run.discoveryTranscript?.length
    ? `<details class="transcript" data-source="revision:${index}"><summary>discovery transcript (${plural(run.discoveryTranscript.length, 'entry', 'entries')})</summary><div class="transcript-body"></div></details>`
    : '';
  return `<tr><th scope="row">${esc(run.revision)}</th><td>${esc(serverName(p))}<div class="muted">${esc(versions)}</div></td><td>${offered(p)}</td><td>${run.error ? `<p class="problems"><strong>ERROR, not run:</strong> ${esc(run.error)}</p>` : ''}${esc(run.selectedBecause)}${problems}${notes}${stderr}${discovery}</td></tr>`;
}

function countsRow(label: string, counts: VerdictCounts | undefined, expected: number): string {
  const cells = VERDICTS.map((v: Verdict) => {
    const n = counts?.[v] ?? 0;
    const extra = v === 'fail' && expected > 0 ? ` <span class="muted">(${expected} expected)</span>` : '';
    return `<td class="${n > 0 ? `n v-${v}` : 'zero'}">${n}${extra}</td>`;
  }).join('');
  const total = VERDICTS.reduce((sum, v) => sum + (counts?.[v] ?? 0), 0);
  return `<tr><th scope="row">${esc(label)}</th>${cells}<td>${total}</td></tr>`;
}

function countsTable(caption: string, rows: Array<[string, VerdictCounts | undefined, number]>): string {
  const head = VERDICTS.map((v) => `<th scope="col">${badge(v)}</th>`).join('');
  return `<table class="counts"><caption>${esc(caption)}</caption><thead><tr><th></th>${head}<th scope="col">total</th></tr></thead><tbody>${rows.map(([l, c, e]) => countsRow(l, c, e)).join('')}</tbody></table>`;
}

export function renderSummary(results: RunResults): string {
  const expectedBy = (pick: (c: RunResults['checks'][number]) => string) => {
    const counts = new Map<string, number>();
    for (const c of results.checks)
      if (c.expectedFailure && c.verdict === 'fail') counts.set(pick(c), (counts.get(pick(c)) ?? 0) + 1);
    return counts;
  };
  const byRev = expectedBy((c) => c.revision);
  const byLevel = expectedBy((c) => c.level);
  const s = results.summary;
  const revisionRows: Array<[string, VerdictCounts | undefined, number]> = Object.entries(s.byRevision).map(
    ([r, c]) => [r, c, byRev.get(r) ?? 0],
  );
  revisionRows.push(['all', s, [...byRev.values()].reduce((a, b) => a + b, 0)]);
  const levelRows: Array<[string, VerdictCounts | undefined, number]> = Object.entries(s.byLevel).map(([l, c]) => [
    l,
    c,
    byLevel.get(l) ?? 0,
  ]);
  const servers = results.revisions.length
    ? `<table class="servers"><thead><tr><th scope="col">revision</th><th scope="col">server</th><th scope="col">offers</th><th scope="col">why tested</th></tr></thead><tbody>${results.revisions.map(serverRow).join('')}</tbody></table>`
    : '<p class="muted">No revision was run.</p>';
  // A fuzz-only run has no check to count: no table of zeros.
  const tables = results.checks.length
    ? `<div class="count-tables">${countsTable('verdicts per revision', revisionRows)}${countsTable('verdicts per level', levelRows)}</div>`
    : '';
  if (!tables) return `<section id="summary"><h2>Server</h2>${servers}</section>`;
  return `<section id="summary"><h2>Summary</h2>
${tables}
<h3>Server</h3>${servers}</section>`;
}
