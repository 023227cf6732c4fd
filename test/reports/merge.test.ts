// `report merge`: the shards of a run joined give the verdicts of the unsplit run.
import { beforeAll, describe, expect, test } from 'vitest';
import { applyBaseline } from '../../harness/results/baseline.js';
import type { RunResults } from '../../harness/results/results.js';
import { mergeResults, MergeError } from '../../harness/results/merge.js';
import { RUN_TIMEOUT_MS, hostileResults, referenceResults, withVerdict } from './helpers.js';

let whole: RunResults;
let shards: RunResults[];
let hostileShards: RunResults[];
const inputs = (list: RunResults[]) => list.map((results, i) => ({ file: `shard-${i + 1}.json`, results }));
const verdicts = (r: RunResults) => Object.fromEntries(r.checks.map((c) => [c.id, c.verdict]));

beforeAll(async () => {
  const runs = await Promise.all([
    referenceResults(),
    ...[1, 2, 3].map((index) => referenceResults({}, { shard: { index, count: 3 } })),
    ...[1, 2].map((index) => hostileResults({}, { shard: { index, count: 2 } })),
  ]);
  [whole, ...shards] = runs.slice(0, 4);
  hostileShards = runs.slice(4);
}, RUN_TIMEOUT_MS);

describe('merging shards', () => {
  test('gives every check of the unsplit run, once, with its shard verdict (the worst, for post-phase checks)', () => {
    const merged = mergeResults(inputs(shards));
    expect(merged.checks.map((c) => c.id).sort()).toEqual(whole.checks.map((c) => c.id).sort());
    const rank = ['skip', 'pass', 'warn', 'error', 'fail'];
    const expected: Record<string, string> = {};
    for (const check of shards.flatMap((s) => s.checks)) {
      const seen = expected[check.id];
      if (!seen || rank.indexOf(check.verdict) > rank.indexOf(seen)) expected[check.id] = check.verdict;
    }
    expect(verdicts(merged)).toEqual(expected);
    expect(merged.summary.total).toBe(whole.summary.total);
    const failing = merged.checks.some((c) => c.verdict === 'fail' || c.verdict === 'error');
    expect(merged.exitCode).toBe(failing ? 1 : 0);
    expect(merged.mergedShards).toEqual(['1/3', '2/3', '3/3']);
    const matrixChecks = merged
      .matrix!.rows.filter((r) => r.kind === 'check')
      .flatMap((r) => Object.values(r.cells).map((c) => c!.checkId));
    expect(matrixChecks.sort()).toEqual(merged.checks.map((c) => c.id).sort());
    expect(merged.shard).toBeUndefined();
  });

  test('does not depend on the order the files are given in', () => {
    const forward = mergeResults(inputs(shards));
    const backward = mergeResults(inputs([...shards].reverse()));
    expect(backward.checks.map((c) => c.id)).toEqual(forward.checks.map((c) => c.id));
  });

  test('a post-phase check, run in every shard, keeps its worst verdict', () => {
    // everyShard names every post-phase check; this run selected some of them.
    const post = shards[0].shard!.everyShard.find((id) => shards[1].checks.some((c) => c.id === id))!;
    expect(post).toBeDefined();
    const failingInTwo = withVerdict(shards[1], post, 'fail', 'broken in shard 2 traffic');
    const merged = mergeResults(inputs([shards[0], failingInTwo, shards[2]]));
    const check = merged.checks.find((c) => c.id === post)!;
    expect(check.verdict).toBe('fail');
    expect(check.reason).toBe('broken in shard 2 traffic');
    expect(merged.exitCode).toBe(1);
  });

  test('a missing shard is an error naming it', () => {
    expect(() => mergeResults(inputs([shards[0], shards[2]]))).toThrow(
      'shard 2/3 missing: merge every shard of the run',
    );
  });

  test('the same shard twice is an error', () => {
    expect(() => mergeResults(inputs([shards[0], shards[0], shards[2]]))).toThrow(
      /shard-2.json and shard-1.json are both shard 1\/3/,
    );
  });

  test('a main check in two files is a conflict', () => {
    const main = shards[0].checks.find((c) => !shards[0].shard!.everyShard.includes(c.id))!;
    const stolen = { ...shards[1], checks: [...shards[1].checks, main] };
    expect(() => mergeResults(inputs([shards[0], stolen, shards[2]]))).toThrow(
      `check ${main.id} is in both shard-1.json and shard-2.json`,
    );
  });

  test('files of different targets or tool versions do not merge', () => {
    const other = { ...shards[1], target: { ...shards[1].target, description: 'node other.js' } };
    expect(() => mergeResults(inputs([shards[0], other, shards[2]]))).toThrow(MergeError);
    const newer = { ...shards[1], tool: { ...shards[1].tool, version: '9.9.9' } };
    expect(() => mergeResults(inputs([shards[0], newer, shards[2]]))).toThrow(/different mcp-conform version/);
  });

  test('a shard that never reached the target makes the merged run fail, with its reason', () => {
    const lost: RunResults = {
      ...shards[1],
      checks: [],
      revisions: [],
      error: 'server did not answer within 5000 ms',
      exitCode: 2,
      outcome: 'unreachable',
    };
    const merged = mergeResults(inputs([shards[0], lost, shards[2]]));
    expect(merged.exitCode).toBe(1);
    expect(merged.error).toBe('server did not answer within 5000 ms');
  });

  test('unsharded files merge too (e.g. the same server run once per revision)', () => {
    const part = (revision: string) => ({
      ...whole,
      revisions: whole.revisions.filter((r) => r.revision === revision),
      checks: whole.checks.filter((c) => c.revision === revision),
    });
    const merged = mergeResults([
      { file: 'legacy.json', results: part('2025-11-25') },
      { file: 'modern.json', results: part('2026-07-28') },
    ]);
    expect(merged.revisions.map((r) => r.revision)).toEqual(['2026-07-28', '2025-11-25']);
    expect(verdicts(merged)).toEqual(verdicts(whole));
    expect(merged.summary).toEqual(whole.summary);
  });
});

describe('merging judged shards', () => {
  test('the baseline is judged on the whole run: an entry for another shard is neither unused nor stale', () => {
    const failing = [
      ...new Set(
        hostileShards.flatMap((r) =>
          r.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error').map((c) => c.id),
        ),
      ),
    ];
    const baseline = { file: 'baseline.yml', entries: failing.map((pattern) => ({ pattern })) };
    const parts = hostileShards.map((r) => applyBaseline(r, baseline));
    // Alone, a shard sees entries for the other shard's checks as unused, never as stale.
    expect(
      parts.every((p) => p.baseline!.unused.length > 0),
      'each shard has failures the other does not run',
    ).toBe(true);
    expect(parts.every((p) => p.baseline?.stale.length === 0)).toBe(true);
    const merged = mergeResults(inputs(parts));
    expect(merged.baseline?.expected.sort()).toEqual([...failing].sort());
    expect(merged.baseline?.unused).toEqual([]);
    expect(merged.baseline?.stale).toEqual([]);
    expect(merged.exitCode).toBe(0);
  });
});
