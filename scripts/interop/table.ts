// The lab's plain table: a row per check that is not a pass somewhere, a column per
// implementation and transport, then the totals. Pure text from the cells.
import type { Verdict } from '../../harness/results/vocabulary.js';
import { isTransportSkip } from './expectations.js';

export interface Cell {
  /** "<impl-id>.<transport>" */
  label: string;
  state: 'ran' | 'not built' | 'run failed';
  reason?: string;
  checks: { id: string; verdict: Verdict; reason?: string }[];
  /** Check ids (or revisions) whose verdict differs from the expectations. */
  differing: Set<string>;
  ms?: number;
}

const SHORT: Record<Verdict, string> = {
  pass: 'pass',
  fail: 'FAIL',
  warn: 'warn',
  error: 'ERR',
  unstable: 'unst',
  skip: 'skip',
};
const SERIOUS: Verdict[] = ['fail', 'warn', 'error', 'unstable'];

/** Verdict counts of a cell; skips of checks written for the other transport are left out. */
export function totals(cell: Cell): Record<Verdict, number> {
  const counts: Record<Verdict, number> = { pass: 0, fail: 0, warn: 0, error: 0, unstable: 0, skip: 0 };
  for (const check of cell.checks)
    if (!(check.verdict === 'skip' && isTransportSkip(check.reason))) counts[check.verdict]++;
  return counts;
}

export function renderTable(cells: Cell[], options: { showSkips?: boolean } = {}): string[] {
  const shown = new Set<Verdict>(options.showSkips ? [...SERIOUS, 'skip'] : SERIOUS);
  const verdictOf = cells.map(
    (cell) => new Map(cell.checks.filter((c) => !isTransportSkip(c.reason)).map((c) => [c.id, c.verdict])),
  );
  const rows = [
    ...new Set(
      cells.flatMap((cell) =>
        cell.checks.filter((c) => shown.has(c.verdict) && !isTransportSkip(c.reason)).map((c) => c.id),
      ),
    ),
  ].sort();
  const width = Math.max(20, ...rows.map((row) => row.length), ...['differences', 'totals'].map((s) => s.length));
  const columnWidth = Math.max(9, ...cells.map((cell) => cell.label.length));
  const pad = (text: string) => text.padEnd(columnWidth);
  const lines = [`${'check'.padEnd(width)}  ${cells.map((cell) => pad(cell.label)).join('  ')}`];
  for (const row of rows) {
    const marks = cells.map((cell, i) => {
      if (cell.state !== 'ran') return pad('-');
      const verdict = verdictOf[i]!.get(row);
      const text = verdict ? SHORT[verdict] : verdict === undefined && cell.checks.length ? 'n/a' : '-';
      return pad(`${text}${cell.differing.has(row) ? ' !' : ''}`);
    });
    lines.push(`${row.padEnd(width)}  ${marks.join('  ')}`);
  }
  lines.push('');
  const line = (name: string, value: (cell: Cell) => string) =>
    `${name.padEnd(width)}  ${cells.map((cell) => pad(cell.state === 'ran' ? value(cell) : '-')).join('  ')}`;
  for (const verdict of ['pass', 'fail', 'warn', 'error', 'unstable', 'skip'] as Verdict[])
    lines.push(line(verdict, (cell) => String(totals(cell)[verdict])));
  lines.push(line('differences', (cell) => String(cell.differing.size)));
  lines.push(line('run seconds', (cell) => (cell.ms === undefined ? '-' : (cell.ms / 1000).toFixed(0))));
  for (const cell of cells) if (cell.state !== 'ran') lines.push(`${cell.label}: ${cell.state}: ${cell.reason ?? ''}`);
  return lines;
}
