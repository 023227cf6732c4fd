// Exact shards: the reference server's whole run, split 2 and 3 ways and joined by `report merge`,
// says what the unsplit run says, field by field. Only time is set aside (durations, timestamps,
// the timeout adapted to answer times, the server's stderr), the wire transcripts, whose request
// ids and interleaving depend on which checks shared a connection, and the notes of the checks that
// judge the whole run's traffic, which count what each shard's traffic held.
import { beforeAll, describe, expect, test } from 'vitest';
import { catalogLookup } from '../../harness/faces/catalog-lookup.js';
import { buildImplementationMatrix } from '../../harness/results/implementation-matrix.js';
import { mergeResults } from '../../harness/results/merge.js';
import type { RunResults } from '../../harness/results/results.js';
import { renderJobSummary } from '../../reports/github-summary.js';
import { ALL_CHECKS } from '../../suites/index.js';
import { FROZEN_PROFILES } from '../../suites/profiles.js';
import { referenceStdio, run } from '../helpers/harness.js';

/** Whole runs one after another: seven of them (1 + 2 + 3 + the shards' probes) on a shared machine. */
const SEVEN_RUNS_MS = 600_000;

const asTheCliRuns = { profiles: FROZEN_PROFILES, catalogLookup };

function sharded(count: number): Promise<RunResults[]> {
  return Array.from({ length: count }, (_, i) => i + 1).reduce<Promise<RunResults[]>>(
    async (done, index) => [...(await done), await run(referenceStdio(), { ...asTheCliRuns, shard: { index, count } })],
    Promise.resolve([]),
  );
}

/** Checks that judge the whole run's traffic: each shard judges its own (merge-every-shard.ts). */
const WHOLE_RUN = new Set(ALL_CHECKS.filter((c) => c.phase === 'post').map((c) => c.id));

/** Durations a note or reason quotes ("exited 251 ms after stdin closed"). */
const untimed = (text: string) => text.replace(/\d+ ms\b/g, 'N ms');

/**
 * What a results file claims about the server, without time. The notes of whole-run checks count
 * the traffic each shard held ("11 icon(s) seen"): the merge keeps them per shard, compared apart.
 */
function claims(results: RunResults) {
  const { startedAt: _s, finishedAt: _f, durationMs: _d, mergedShards: _m, shard: _shard, ...rest } = results;
  return {
    ...rest,
    revisions: results.revisions.map(
      ({ durationMs: _rd, stderr: _e, discoveryTranscript: _t, requestTimeoutMs: _r, ...revision }) => revision,
    ),
    checks: results.checks.map(
      ({ durationMs: _cd, transcript: _ct, transcriptDropped: _x, attempts, notes, reason, ...check }) => ({
        ...check,
        reason: reason === undefined ? undefined : untimed(reason),
        // "stopped after 48 of 56 calls (time budget N ms)": how far a loaded machine got, not a claim.
        notes: WHOLE_RUN.has(check.id)
          ? undefined
          : notes?.filter((note) => !/\(time budget \d+ ms\)/.test(note)).map(untimed),
        attempts: attempts?.map(({ verdict, reason }) => ({ verdict, reason })),
      }),
    ),
  };
}

const matrixOf = (results: RunResults) => buildImplementationMatrix([{ results, file: 'reference.json' }]);

let whole: RunResults;
const merged = new Map<number, RunResults>();

beforeAll(async () => {
  whole = await run(referenceStdio(), asTheCliRuns);
  for (const count of [2, 3]) {
    const shards = await sharded(count);
    merged.set(count, mergeResults(shards.map((results, i) => ({ file: `shard-${i + 1}.json`, results }))));
  }
}, SEVEN_RUNS_MS);

describe.each([2, 3])('the reference server split %i ways and merged', (count) => {
  test('has the unsplit run as its checks, in its order, with its verdicts and reasons', () => {
    const joined = merged.get(count)!;
    expect(joined.checks.map((c) => c.id)).toEqual(whole.checks.map((c) => c.id));
    expect(claims(joined).checks).toEqual(claims(whole).checks);
  });

  test('has its counts, outcome, conformance statement and checks x revisions matrix', () => {
    const joined = merged.get(count)!;
    expect(joined.summary).toEqual(whole.summary);
    expect([joined.outcome, joined.exitCode]).toEqual([whole.outcome, whole.exitCode]);
    expect(joined.conformance).toEqual(whole.conformance);
    expect(joined.matrix).toEqual(whole.matrix);
  });

  test('is the unsplit results file field by field, time aside', () => {
    expect(claims(merged.get(count)!)).toEqual(claims(whole));
  });

  test("keeps a whole-run check's notes as the unsplit run has them, or under each shard's name", () => {
    const joined = merged.get(count)!;
    for (const check of joined.checks.filter((c) => WHOLE_RUN.has(c.id))) {
      const unsplit = whole.checks.find((c) => c.id === check.id)!.notes?.map(untimed);
      const notes = check.notes?.map(untimed);
      if (notes?.every((note) => /^shard \d+\/\d+: /.test(note))) continue;
      expect(notes, check.id).toEqual(unsplit);
    }
  });

  test('makes the same implementation matrix and job summary', () => {
    const joined = merged.get(count)!;
    expect(matrixOf(joined)).toEqual(matrixOf(whole));
    expect(renderJobSummary(joined)).toBe(renderJobSummary(whole));
  });
});

test('the unsplit run is a whole run: both revisions, every check, nothing left out', () => {
  expect(whole.revisions.map((r) => r.revision)).toEqual(['2026-07-28', '2025-11-25']);
  expect(whole.conformance?.partial).toBeUndefined();
  expect(whole.summary.pass).toBeGreaterThan(100);
});
