// Console summary: one line per check (id, verdict, reason), then the counts. Colour only when
// the stream is a TTY and NO_COLOR is not set.
import type { CheckResult, RunResults } from '../harness/runner/results.js';
import { VERDICTS, type Verdict } from '../harness/model.js';
import { oneLine, visibleText } from './text.js';
import { matrixLines } from './console-matrix.js';
import { fuzzLines } from './console-fuzz.js';

export interface Style {
  color: boolean;
}

export function styleFor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): Style {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  return { color: !noColor && stream.isTTY === true && env.TERM !== 'dumb' };
}

const CODES: Record<Verdict, number> = { pass: 32, fail: 31, warn: 33, unstable: 36, skip: 90, error: 35 };
const LABELS: Record<Verdict, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', unstable: 'UNSTABLE', skip: 'SKIP', error: 'ERROR' };

export function paint(style: Style, verdict: Verdict, text: string): string {
  return style.color ? `\u001b[${CODES[verdict]}m${text}\u001b[0m` : text;
}

export function checkLine(result: CheckResult, style: Style): string {
  const label = paint(style, result.verdict, LABELS[result.verdict].padEnd(5));
  // Reasons quote the server: its escape sequences must not reach the terminal.
  const reason = result.reason ? `  ${visibleText(oneLine(result.reason, 160))}` : '';
  const expected = result.expectedFailure ? `  (expected: baseline ${result.expectedFailure.pattern})` : '';
  return `${label} ${result.id}${expected}${reason}`;
}

function baselineLines(results: RunResults): string[] {
  const b = results.baseline;
  if (!b) return [];
  const lines = [`baseline ${b.file}: ${b.expected.length} expected failures, ${b.unexpected.length} unexpected, ${b.stale.length} stale`];
  for (const s of b.stale) lines.push(`  stale entry ${s.pattern}: ${s.passing.join(', ')} now pass; remove it from the baseline`);
  for (const u of b.unused) lines.push(`  entry ${u.pattern} matched no check with a verdict in this run`);
  return lines;
}

export function renderSummary(results: RunResults, style: Style, options: { quiet?: boolean } = {}): string {
  const lines: string[] = [];
  lines.push(`mcp-conform ${results.tool.version} — ${results.target.transport} target ${results.target.description}`);
  for (const run of results.revisions) {
    const info = run.profile?.serverInfo as { name?: string; version?: string } | undefined;
    if (run.error) lines.push(paint(style, 'error', visibleText(`revision ${run.revision}: ERROR, not run: ${run.error}`)));
    else lines.push(visibleText(`revision ${run.revision}: ${info?.name ?? 'unknown server'} ${info?.version ?? ''} (${run.selectedBecause})`.trimEnd()));
  }
  if (!options.quiet) {
    for (const result of results.checks) {
      if (result.verdict === 'skip' && result.reason?.startsWith('applies to')) continue; // wrong transport: noise
      lines.push(checkLine(result, style));
    }
  }
  const s = results.summary;
  const counts = VERDICTS.filter((v) => v !== 'unstable' || s.unstable > 0).map((v) => paint(style, v, `${s[v]} ${v}`)).join(', ');
  if (!options.quiet) lines.push(...matrixLines(results, style));
  // A fuzz-only results file has no checks: its counts are the fuzz line's.
  if (s.total > 0 || !results.fuzz) lines.push(`${s.total} checks: ${counts} in ${(results.durationMs / 1000).toFixed(1)} s`);
  lines.push(...baselineLines(results));
  lines.push(...fuzzLines(results));
  if (results.error) lines.push(`error: ${visibleText(results.error)}`);
  lines.push(`outcome: ${results.outcome} (exit ${results.exitCode})`);
  return lines.join('\n');
}
