// Console summary: the checks that did not pass, skips sharing a reason as one line (every check
// with --verbose), the counts, the outcome. Colour when FORCE_COLOR asks for it, else on a TTY unless NO_COLOR is set.
import type { CheckResult, RunResults } from '../harness/results/results.js';
import { VERDICTS, type Verdict } from '../harness/results/vocabulary.js';
import { inlineText, oneLine } from './text.js';
import { matrixLines } from './console-matrix.js';
import { fuzzLines } from './console-fuzz.js';
import { withSkipsGrouped } from './console-skips.js';
import { paint, severity, type Style } from './console-style.js';
import { redactionNote } from '../harness/results/redact.js';
import { conformanceLines, conformanceOf } from '../harness/results/conformance.js';
import { pendingMark, profileLines } from './profile-text.js';
import { outcomeText } from '../harness/results/outcome.js';

export { paint, severity, styleFor, type Style } from './console-style.js';

export function checkLine(result: CheckResult, style: Style): string {
  const label = paint(style, result.verdict, result.verdict.toUpperCase().padEnd(5));
  // Reasons quote the server: its escape sequences must not reach the terminal.
  const reason = result.reason ? `  ${inlineText(oneLine(result.reason, 160))}` : '';
  const expected = result.expectedFailure ? `  (expected: baseline ${result.expectedFailure.pattern})` : '';
  return `${label} ${result.id}${pendingMark(result)}${expected}${reason}`;
}

function baselineLines(results: RunResults): string[] {
  const b = results.baseline;
  if (!b) return [];
  const lines = [
    `baseline ${b.file}: ${b.expected.length} expected failures, ${b.unexpected.length} unexpected, ${b.stale.length} stale`,
  ];
  for (const s of b.stale)
    lines.push(`  stale entry ${s.pattern}: ${s.passing.join(', ')} now pass; remove it from the baseline`);
  for (const u of b.unused) lines.push(`  entry ${u.pattern} matched no check with a verdict in this run`);
  return lines;
}

/** The target line printed before the checks run (and at the top of a rendered results file). */
export function targetLine(version: string, target: { transport: string; description: string }): string {
  return inlineText(`mcp-conform ${version} — ${target.transport} target ${target.description}`);
}

export interface SummaryOptions {
  /** Counts, outcome and the reports written only. */
  quiet?: boolean;
  /** Every check, passes included; by default only the checks that did not pass. */
  verbose?: boolean;
  /** The target and revision lines; off when `run` printed them before the checks ran. */
  header?: boolean;
  /** Report files written, named on the last line. */
  written?: string[];
}

export function renderSummary(results: RunResults, style: Style, options: SummaryOptions = {}): string {
  const lines: string[] = [];
  if (options.header !== false) {
    lines.push(targetLine(results.tool.version, results.target));
    for (const run of results.revisions) {
      const info = run.profile?.serverInfo as { name?: string; version?: string } | undefined;
      if (run.error)
        lines.push(paint(style, 'error', inlineText(`revision ${run.revision}: ERROR, not run: ${run.error}`)));
      else
        lines.push(
          inlineText(
            `revision ${run.revision}: ${info?.name ?? 'unknown server'} ${info?.version ?? ''} (${run.selectedBecause})`.trimEnd(),
          ),
        );
    }
  }
  if (!options.quiet) {
    const shown = results.checks
      .filter((result) => options.verbose || result.verdict !== 'pass')
      .filter((result) => !(result.verdict === 'skip' && result.reason?.startsWith('applies to'))) // wrong transport: noise
      .sort((a, b) => severity(a.verdict) - severity(b.verdict));
    // --verbose lists every check; otherwise skips sharing a reason are one line.
    if (options.verbose) for (const result of shown) lines.push(checkLine(result, style));
    else lines.push(...withSkipsGrouped(shown, style, (result) => checkLine(result, style)));
  }
  const s = results.summary as unknown as Record<string, number> & RunResults['summary'];
  // Every verdict of VERDICTS, so one added later is counted without touching this file.
  const counts = VERDICTS.filter((v) => v !== ('unstable' as Verdict) || (s[v] ?? 0) > 0)
    .map((v) => paint(style, v, `${s[v] ?? 0} ${v}`))
    .join(', ');
  if (!options.quiet) lines.push(...matrixLines(results, style));
  lines.push(...profileLines(results));
  if (s.total > 0 && results.revisions.length > 0)
    lines.push(...conformanceLines(conformanceOf(results)).map((line) => `conformance ${inlineText(line)}`));
  // A fuzz-only results file has no checks: its counts are the fuzz line's.
  if (s.total > 0 || !results.fuzz)
    lines.push(`${s.total} checks: ${counts} in ${(results.durationMs / 1000).toFixed(1)} s`);
  if (s.pending)
    lines.push(
      `pending, not scored (not in the profile): ${VERDICTS.filter((v) => s.pending![v] > 0)
        .map((v) => paint(style, v, `${s.pending![v]} ${v}`))
        .join(', ')}`,
    );
  lines.push(...baselineLines(results));
  lines.push(...fuzzLines(results));
  if (results.error) lines.push(`error: ${inlineText(results.error)}`);
  const redacted = redactionNote(results);
  if (redacted) lines.push(redacted);
  lines.push(`outcome: ${outcomeText(results.outcome, results.exitCode)}`);
  if (options.written?.length) lines.push(`reports: ${options.written.join(', ')}`);
  return lines.join('\n');
}
