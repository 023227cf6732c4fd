// `report merge`: shard results into one, as if the run had not been split. Checks are a union;
// a check in two files is an error unless it is one that runs in every shard (post-phase),
// where the worst verdict wins; fuzz properties are a union too (merge-fuzz.ts).
// Summary, matrix, outcome and exit code are computed again.
import { REVISIONS, type Verdict } from './vocabulary.js';
import { applyBaseline, baselineOf, settleOutcome, type Baseline } from './baseline.js';
import { computeMatrix } from './matrix.js';
import type { CheckResult, RevisionRun, RunResults } from './results.js';
import { formatShard } from './shard.js';
import { MergeError } from './merge-error.js';
import { mergeFuzz } from './merge-fuzz.js';

export { MergeError };

export interface MergeInput {
  file: string;
  results: RunResults;
}

const SEVERITY: Record<Verdict, number> = { skip: 0, pass: 1, warn: 2, unstable: 3, error: 4, fail: 5 };

function same(inputs: MergeInput[], what: string, pick: (r: RunResults) => unknown): void {
  const first = JSON.stringify(pick(inputs[0].results));
  const other = inputs.find((i) => JSON.stringify(pick(i.results)) !== first);
  if (other)
    throw new MergeError(
      `${other.file} has a different ${what} than ${inputs[0].file} (${JSON.stringify(pick(other.results))} vs ${first}); merge only shards of one run`,
    );
}

function checkShards(inputs: MergeInput[]): string[] {
  const shards = inputs.map((i) => i.results.shard);
  if (shards.every((s) => s === undefined)) return [];
  const missing = inputs.find((i) => !i.results.shard);
  if (missing) throw new MergeError(`${missing.file} is not a shard (no --shard), but other files are`);
  const count = shards[0]!.count;
  same(inputs, 'shard count', (r) => r.shard!.count);
  const seen = new Map<number, string>();
  for (const { file, results } of inputs) {
    const previous = seen.get(results.shard!.index);
    if (previous) throw new MergeError(`${file} and ${previous} are both shard ${formatShard(results.shard!)}`);
    seen.set(results.shard!.index, file);
  }
  const absent = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (absent.length > 0)
    throw new MergeError(
      `shard${absent.length > 1 ? 's' : ''} ${absent.map((i) => `${i}/${count}`).join(', ')} missing: merge every shard of the run`,
    );
  return [...seen.keys()].sort((a, b) => a - b).map((i) => `${i}/${count}`);
}

function worse(a: CheckResult, b: CheckResult): CheckResult {
  const keep = SEVERITY[b.verdict] > SEVERITY[a.verdict] ? b : a;
  return {
    ...keep,
    durationMs: a.durationMs + b.durationMs,
    transcript: keep.transcript,
    notes: [...(keep.notes ?? []), 'merged from shards: worst verdict kept'],
  };
}

function mergeChecks(inputs: MergeInput[]): CheckResult[] {
  const everyShard = new Set(inputs.flatMap((i) => i.results.shard?.everyShard ?? []));
  const byId = new Map<string, { check: CheckResult; file: string }>();
  for (const { file, results } of inputs) {
    for (const check of results.checks) {
      const { expectedFailure: _dropped, ...plain } = check;
      const seen = byId.get(check.id);
      if (!seen) byId.set(check.id, { check: plain, file });
      else if (everyShard.has(check.id)) byId.set(check.id, { check: worse(seen.check, plain), file });
      else
        throw new MergeError(
          `check ${check.id} is in both ${seen.file} and ${file}; shards of one run never share a check`,
        );
    }
  }
  const revisionRank = (c: CheckResult) => REVISIONS.indexOf(c.revision);
  const areas = [...new Set([...byId.values()].map((v) => `${v.check.revision}/${v.check.area}`))];
  return [...byId.values()]
    .map((v) => v.check)
    .sort(
      (a, b) =>
        revisionRank(a) - revisionRank(b) ||
        areas.indexOf(`${a.revision}/${a.area}`) - areas.indexOf(`${b.revision}/${b.area}`) ||
        a.id.localeCompare(b.id),
    );
}

function mergeRevisions(inputs: MergeInput[]): RevisionRun[] {
  const byRevision = new Map<string, RevisionRun>();
  for (const run of inputs.flatMap((i) => i.results.revisions)) {
    const seen = byRevision.get(run.revision);
    byRevision.set(run.revision, seen ? { ...seen, durationMs: Math.max(seen.durationMs, run.durationMs) } : run);
  }
  return [...byRevision.values()].sort((a, b) => REVISIONS.indexOf(a.revision) - REVISIONS.indexOf(b.revision));
}

/** One baseline for the merged run: the one given, or the one every shard was judged with. */
function baselineFor(inputs: MergeInput[], given?: Baseline): Baseline | undefined {
  if (given) return given;
  const each = inputs.map((i) => baselineOf(i.results));
  if (each.every((b) => b === undefined)) return undefined;
  same(inputs, 'expected-failures baseline', (r) => r.baseline?.entries ?? null);
  return each[0];
}

export function mergeResults(inputs: MergeInput[], baseline?: Baseline): RunResults {
  if (inputs.length === 0) throw new MergeError('report merge needs at least one results file');
  same(inputs, 'target', (r) => r.target);
  same(inputs, 'mcp-conform version', (r) => r.tool);
  same(inputs, 'strictness', (r) => r.options.strict);
  same(inputs, 'revision selection', (r) => r.options.revisions);
  same(inputs, 'scoring profile', (r) =>
    r.revisions.map((run) => run.checkProfile?.hash ?? null).filter((hash) => hash !== null),
  );
  const shards = checkShards(inputs);
  const ordered = [...inputs].sort((a, b) => (a.results.shard?.index ?? 0) - (b.results.shard?.index ?? 0));
  const first = ordered[0].results;
  const started = Math.min(...ordered.map((i) => Date.parse(i.results.startedAt)));
  const finished = Math.max(...ordered.map((i) => Date.parse(i.results.finishedAt)));
  const errors = [...new Set(ordered.map((i) => i.results.error).filter((e): e is string => e !== undefined))];
  const { shard: _shard, baseline: _baseline, fuzz: _fuzz, matrix: _matrix, ...rest } = first;
  const checks = mergeChecks(ordered);
  // Each shard counted its own pending checks: the merged run counts them once.
  const revisions = mergeRevisions(ordered).map((run) =>
    run.checkProfile
      ? {
          ...run,
          checkProfile: {
            ...run.checkProfile,
            pending: checks.filter((c) => c.revision === run.revision && c.pending !== undefined).length,
          },
        }
      : run,
  );
  const merged: RunResults = {
    ...rest,
    startedAt: new Date(started).toISOString(),
    finishedAt: new Date(finished).toISOString(),
    durationMs: finished - started,
    revisions,
    checks,
    error: errors.length ? errors.join('; ') : undefined,
    interrupted: ordered.some((i) => i.results.interrupted) || undefined,
    mergedShards: shards.length ? shards : undefined,
    fuzz: mergeFuzz(ordered),
    // Each shard's matrix covers its own checks only.
    matrix: revisions.length > 0 ? computeMatrix(revisions, checks) : undefined,
  };
  const judgeWith = baselineFor(ordered, baseline);
  return judgeWith ? applyBaseline(merged, judgeWith) : settleOutcome(merged);
}
