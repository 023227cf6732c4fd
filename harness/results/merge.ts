// `report merge`: shard results into one, as if the run had not been split. Checks are a union, in
// the unsplit run's order; a check in two files is an error unless it is one that runs in every
// shard (post-phase, merge-every-shard.ts); fuzz properties are a union too (merge-fuzz.ts).
// Summary, matrix, outcome and exit code are computed again.
import { REVISIONS } from './vocabulary.js';
import { applyBaseline, baselineOf, settleOutcome, type Baseline } from './baseline.js';
import { computeMatrix } from './matrix.js';
import type { CheckResult, RevisionRun, RunResults } from './results.js';
import { formatShard } from './shard.js';
import { MergeError } from './merge-error.js';
import { mergeFuzz } from './merge-fuzz.js';
import { mergeEveryShard, type ShardCheck } from './merge-every-shard.js';

export { MergeError };

export interface MergeInput {
  file: string;
  results: RunResults;
}

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

function mergeChecks(inputs: MergeInput[]): CheckResult[] {
  const everyShard = new Set(inputs.flatMap((i) => i.results.shard?.everyShard ?? []));
  const byId = new Map<string, Array<ShardCheck & { file: string }>>();
  for (const { file, results } of inputs) {
    const shard = results.shard ? formatShard(results.shard) : file;
    for (const check of results.checks) {
      const { expectedFailure: _dropped, ...plain } = check;
      const seen = byId.get(check.id);
      if (!seen) byId.set(check.id, [{ check: plain, shard, file }]);
      else if (everyShard.has(check.id)) seen.push({ check: plain, shard, file });
      else
        throw new MergeError(
          `check ${check.id} is in both ${seen[0].file} and ${file}; shards of one run never share a check`,
        );
    }
  }
  return orderLikeTheRun(
    [...byId.values()].map((parts) => (parts.length === 1 ? parts[0].check : mergeEveryShard(parts))),
    inputs,
  );
}

/**
 * The unsplit run's order: revision, then the catalogue order each shard recorded (ShardInfo.order).
 * Files without it (older shards, unsharded parts) fall back to area of first appearance, then id.
 */
function orderLikeTheRun(checks: CheckResult[], inputs: MergeInput[]): CheckResult[] {
  const order = new Map<string, number>();
  for (const id of inputs.flatMap((i) => i.results.shard?.order ?? [])) if (!order.has(id)) order.set(id, order.size);
  const position = (c: CheckResult) => order.get(c.id) ?? Number.MAX_SAFE_INTEGER;
  const revisionRank = (c: CheckResult) => REVISIONS.indexOf(c.revision);
  const areas = [...new Set(checks.map((c) => `${c.revision}/${c.area}`))];
  return checks.sort(
    (a, b) =>
      revisionRank(a) - revisionRank(b) ||
      position(a) - position(b) ||
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
