// The table `run` prints after several targets: one line per target with its outcome, exit
// status, counts and wall time, in the targets' order, so the worst is found without scrolling.
import type { RunResults } from '../harness/results/results.js';
import { inlineText } from './text.js';

export interface TargetRow {
  name: string;
  /** The target's exit status; undefined when it never ran (the run was interrupted first). */
  exitCode?: number;
  /** Absent when mcp-conform itself failed on the target, or it never ran. */
  results?: RunResults;
  seconds?: number;
}

const HEAD = ['target', 'outcome', 'exit', 'pass', 'fail', 'warn', 'skip', 'error', 'unstable', 'time'];

function cells(row: TargetRow): string[] {
  const name = inlineText(row.name);
  if (row.exitCode === undefined) return [name, 'not run', '-', '', '', '', '', '', '', ''];
  const time = row.seconds === undefined ? '' : `${row.seconds.toFixed(1)} s`;
  const s = row.results?.summary;
  if (!s) return [name, 'harness error', String(row.exitCode), '', '', '', '', '', '', time];
  const outcome = row.results!.outcome;
  const counts = [s.pass, s.fail, s.warn, s.skip, s.error, s.unstable].map(String);
  return [name, outcome, String(row.exitCode), ...counts, time];
}

export function renderTargetsTable(rows: TargetRow[]): string {
  const table = [HEAD, ...rows.map(cells)];
  const widths = HEAD.map((_, i) => Math.max(...table.map((line) => line[i].length)));
  // Names and words left, numbers right.
  const pad = (text: string, i: number) => (i < 2 ? text.padEnd(widths[i]) : text.padStart(widths[i]));
  return table.map((line) => line.map(pad).join('  ').trimEnd()).join('\n');
}
