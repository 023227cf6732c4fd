// A check that ran in every shard (phase 'post': it judges the whole run's traffic, so each shard
// judged its own) becomes one result. Its verdict is the worst, which is the unsplit run's for a rule
// that must hold of every message. A shard with no such traffic skips, which is no disagreement; a
// note says when shards came to different verdicts. Notes count traffic ("11 icon(s) seen"), so
// each shard's are kept under its name unless every shard wrote the same.
import type { Verdict } from './vocabulary.js';
import type { CheckResult } from './results.js';

const SEVERITY: Record<Verdict, number> = { skip: 0, pass: 1, warn: 2, unstable: 3, error: 4, fail: 5 };

export const DISAGREED_NOTE = 'merged from shards: they disagreed, the worst verdict is kept';

export interface ShardCheck {
  check: CheckResult;
  /** "i/n", or the file name for files that are not shards. */
  shard: string;
}

function notesOf(parts: ShardCheck[]): string[] {
  const each = parts.map((p) => p.check.notes ?? []);
  const same = each.every((notes) => JSON.stringify(notes) === JSON.stringify(each[0]));
  if (same) return each[0];
  return parts.flatMap((p) => (p.check.notes ?? []).map((note) => `shard ${p.shard}: ${note}`));
}

/** The parts in shard order; the first of the worst gives reason, expected, actual and transcript. */
export function mergeEveryShard(parts: ShardCheck[]): CheckResult {
  const worst = parts.reduce((a, b) => (SEVERITY[b.check.verdict] > SEVERITY[a.check.verdict] ? b : a)).check;
  const judged = new Set(parts.map((p) => p.check.verdict).filter((v) => v !== 'skip'));
  const notes = [...notesOf(parts), ...(judged.size > 1 ? [DISAGREED_NOTE] : [])];
  const { notes: _own, ...rest } = worst;
  return {
    ...rest,
    durationMs: parts.reduce((sum, p) => sum + p.check.durationMs, 0),
    ...(notes.length > 0 ? { notes } : {}),
  };
}
