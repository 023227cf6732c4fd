// The GitHub job summary ($GITHUB_STEP_SUMMARY, Markdown): outcome (pass, fail, inconclusive and
// not applicable each with its own mark and meaning), target, revisions, counts per requirement
// level, then a table of the checks that failed or warned, worst first, and one of those that came
// to no verdict.
import { VERDICTS, type Verdict } from '../harness/results/vocabulary.js';
import { pendingMark, profileLines } from './profile-text.js';
import type { CheckResult, RunResults } from '../harness/results/results.js';
import type { ResultsDiff } from '../harness/results/diff.js';
import { severity } from './console-style.js';
import { oneLine } from './text.js';
import { redactionNote } from '../harness/results/redact.js';
import { outcomeText } from '../harness/results/outcome.js';

/** Rows of the findings table before it is cut (a job summary is capped at 1 MiB). */
const MAX_ROWS = 100;

/** Text in a table cell: one line, no pipes or HTML from the server. */
export function cell(text: string, max = 200): string {
  return oneLine(text, max)
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/`/g, "'");
}

const OUTCOME_MARK: Record<string, string> = {
  passed: '✅',
  failed: '❌',
  'stale-baseline': '❌',
  inconclusive: '❔',
  'no-verdicts': '⏭️',
};

/** Verdicts a reader must act on: failures, warnings and unstable results. */
const isFinding = (check: CheckResult) =>
  check.verdict === 'fail' || check.verdict === 'warn' || check.verdict === 'unstable';
/** Checks that ran and came to no verdict: inconclusive, neither a pass nor a finding. */
const isInconclusive = (check: CheckResult) => check.verdict === 'error';

function countsTable(results: RunResults): string[] {
  const verdicts = VERDICTS.filter(
    (v) => v === 'pass' || v === 'fail' || results.checks.some((check) => check.verdict === v),
  );
  const byLevel = results.summary.byLevel as Record<string, Record<string, number> | undefined>;
  const levels = ['MUST', 'SHOULD', 'MAY'].filter((level) => byLevel[level]);
  if (levels.length === 0) return [];
  const lines = [`| level | ${verdicts.join(' | ')} |`, `|---|${verdicts.map(() => '---:').join('|')}|`];
  for (const level of levels) lines.push(`| ${level} | ${verdicts.map((v) => byLevel[level]?.[v] ?? 0).join(' | ')} |`);
  return lines;
}

function findingsTable(results: RunResults, shown: (check: CheckResult) => boolean): string[] {
  const findings = results.checks.filter(shown).sort((a, b) => severity(a.verdict) - severity(b.verdict));
  if (findings.length === 0) return [];
  const lines = ['| verdict | check | level | reason | spec |', '|---|---|---|---|---|'];
  for (const check of findings.slice(0, MAX_ROWS)) {
    const expected = `${check.expectedFailure ? ' (expected: baseline)' : ''}${pendingMark(check)}`;
    lines.push(
      `| ${check.verdict}${expected} | \`${check.id}\` | ${check.level} | ${cell(check.reason ?? '')} | [${cell(check.spec.split('/').slice(-2).join('/'), 80)}](${check.spec}) |`,
    );
  }
  if (findings.length > MAX_ROWS)
    lines.push('', `… and ${findings.length - MAX_ROWS} more; the reports hold every check.`);
  return lines;
}

function baselineLines(results: RunResults): string[] {
  const b = results.baseline;
  if (!b) return [];
  const lines = [
    `Against the expected failures in \`${cell(b.file, 200)}\`: ${b.unexpected.length} new failures, ${b.stale.length} stale entries (now passing: fixed), ${b.expected.length} expected.`,
  ];
  for (const id of b.unexpected.slice(0, MAX_ROWS)) lines.push(`- new: \`${id}\``);
  for (const stale of b.stale.slice(0, MAX_ROWS))
    lines.push(`- fixed: \`${stale.pattern}\` (${stale.passing.length} checks now pass)`);
  return lines;
}

export interface JobSummaryOptions {
  /** Report files written, by path. */
  written?: string[];
}

export function renderJobSummary(results: RunResults, options: JobSummaryOptions = {}): string {
  const s = results.summary as unknown as Record<string, number>;
  const counts = VERDICTS.filter((v) => (s[v] ?? 0) > 0 || v === 'pass' || v === 'fail')
    .map((v: Verdict) => `${s[v] ?? 0} ${v}`)
    .join(', ');
  const lines = [
    `### ${OUTCOME_MARK[results.outcome] ?? '⚠️'} mcp-conform: ${results.outcome}`,
    '',
    `**Outcome:** ${outcomeText(results.outcome, results.exitCode)}`,
    '',
    `**Target:** ${results.target.transport} \`${cell(results.target.description, 300)}\``,
    '',
  ];
  for (const run of results.revisions) {
    const info = run.profile?.serverInfo as { name?: string; version?: string } | undefined;
    const server = info?.name ? ` — ${cell(`${info.name} ${info.version ?? ''}`.trim(), 120)}` : '';
    lines.push(`- revision **${run.revision}**${server} (${cell(run.selectedBecause, 160)})`);
  }
  for (const line of profileLines(results)) lines.push(`- ${cell(line, 300)}`);
  if (results.revisions.length > 0) lines.push('');
  lines.push(`**${s.total ?? 0} checks:** ${counts} (exit ${results.exitCode})`, '');
  if (results.error) lines.push(`**Error:** ${cell(results.error, 500)}`, '');
  const table = countsTable(results);
  if (table.length > 0) lines.push(...table, '');
  const findings = findingsTable(results, isFinding);
  if (findings.length > 0) lines.push('#### Failures and warnings', '', ...findings, '');
  const inconclusive = findingsTable(results, isInconclusive);
  if (inconclusive.length > 0) lines.push('#### Inconclusive: no verdict (could not run)', '', ...inconclusive, '');
  const baseline = baselineLines(results);
  if (baseline.length > 0) lines.push(...baseline, '');
  const redacted = redactionNote(results);
  if (redacted) lines.push(`🔒 ${redacted}.`, '');
  if (options.written?.length)
    lines.push(`Reports: ${options.written.map((file) => `\`${cell(file, 300)}\``).join(', ')}`, '');
  return lines.join('\n') + '\n';
}

/** The `diff` section: checks newly failing and checks fixed against earlier results. */
export function renderDiffSummary(diff: ResultsDiff): string {
  const lines = [
    `#### Against earlier results (\`${cell(diff.old.file, 200)}\`)`,
    '',
    `${diff.regressions.length} new failures, ${diff.fixes.length} fixed.`,
    '',
  ];
  for (const entry of diff.regressions.slice(0, MAX_ROWS))
    lines.push(
      `- new: \`${entry.newId ?? entry.key}\` (${entry.old ?? 'absent'} → ${entry.new}) ${cell(entry.reason ?? '')}`,
    );
  for (const entry of diff.fixes.slice(0, MAX_ROWS))
    lines.push(`- fixed: \`${entry.newId ?? entry.key}\` (${entry.old} → ${entry.new ?? 'absent'})`);
  return lines.join('\n') + '\n\n';
}
