// The fuzz part of the console summary: property verdicts and cases, and how to replay the
// first finding. Server strings are made visible, never sent to the terminal as they are.
import {
  campaignClasses,
  fuzzPropertyRuns,
  fuzzVerdict,
  notExhausted,
  type FuzzResults,
} from '../harness/results/fuzz-results.js';
import { seenCounts } from '../harness/results/seen-findings.js';
import type { RunResults } from '../harness/results/results.js';
import type { Verdict } from '../harness/results/vocabulary.js';
import { visibleText } from './text.js';

const NAMES: Record<Verdict, string> = {
  pass: 'ok',
  fail: 'finding(s)',
  warn: 'warning(s)',
  unstable: 'unstable',
  skip: 'skipped',
  error: 'error(s)',
};

/** "compared with main.json: 1 new, 2 seen before; only the new fail the run (--new-only)", for a run that was compared. */
export function seenFindingsLine(fuzz: FuzzResults | undefined): string | undefined {
  if (!fuzz?.seenFindings?.length) return undefined;
  const { seen, fresh } = seenCounts(fuzz);
  const rule = fuzz.newOnly ? 'only the new fail the run (--new-only)' : 'every finding fails the run (no --new-only)';
  return `compared with ${fuzz.seenFindings.join(', ')}: ${fresh} new, ${seen} seen before; ${rule}`;
}

export function fuzzLines(results: RunResults): string[] {
  const fuzz = results.fuzz;
  if (!fuzz) return [];
  const properties = fuzzPropertyRuns(fuzz);
  const counts = new Map<Verdict, number>();
  // A property cut short passed what it ran but is not exhausted: it is counted apart, never as ok.
  const partial = properties.filter(notExhausted);
  for (const p of properties)
    if (!partial.includes(p)) counts.set(fuzzVerdict(p), (counts.get(fuzzVerdict(p)) ?? 0) + 1);
  const parts = (['pass', 'fail', 'warn', 'skip', 'error'] as Verdict[])
    .map((v) => `${counts.get(v) ?? 0} ${NAMES[v]}`)
    .join(', ');
  const cases = (fuzz.campaigns ?? []).reduce((sum, c) => sum + c.runs, 0);
  const lines = [
    `fuzz: ${properties.length} properties: ${parts}${partial.length > 0 ? `, ${partial.length} not exhausted (stopped before all their runs)` : ''}; ${cases} cases${fuzz.seed !== undefined ? `, seed ${fuzz.seed}` : ''}`,
  ];
  const speeds = (fuzz.campaigns ?? [])
    .filter((c) => c.casesPerSecond !== undefined)
    .map((c) => `${c.campaign} ${c.casesPerSecond}`);
  if (speeds.length > 0) lines.push(`fuzz: cases/s: ${speeds.join(', ')}`);
  const classes = campaignClasses(fuzz);
  if (classes) lines.push(`fuzz: response classes: ${classes}`);
  for (const note of fuzz.notes ?? []) lines.push(`fuzz: note: ${visibleText(note)}`);
  const seen = seenFindingsLine(fuzz);
  if (seen) lines.push(`fuzz: ${visibleText(seen)}`);
  const first = fuzz.findings[0] ?? fuzz.warnings?.[0];
  if (first) lines.push(`fuzz: replay ${first.id} with: ${visibleText(first.replayCommand)}`);
  return lines;
}
