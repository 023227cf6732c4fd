// `report merge` lays the checks out as the unsplit run did, and marks only what the split changed.
import { describe, expect, test } from 'vitest';
import { DISAGREED_NOTE } from '../../harness/results/merge-every-shard.js';
import { mergeResults } from '../../harness/results/merge.js';
import type { RunResults } from '../../harness/results/results.js';
import { fakeResults, type FakeCheck } from './matrix-fakes.js';

// The catalogue's order: areas and checks as the suites list them, not alphabetical.
const ORDER = ['2025-11-25/ping/b', '2025-11-25/ping/a', '2025-11-25/tools/z', '2025-11-25/wire/post'];
const POST = ['2025-11-25/wire/post'];

function shard(index: number, checks: FakeCheck[]): RunResults {
  return { ...fakeResults(checks), shard: { index, count: 2, everyShard: POST, order: ORDER } };
}

const merge = (...files: RunResults[]) => mergeResults(files.map((results, i) => ({ file: `s${i}.json`, results })));

describe('merged checks', () => {
  test('follow the catalogue order the shards recorded, whichever shard held them', () => {
    const merged = merge(
      shard(1, [
        ['2025-11-25/tools/z', 'pass'],
        ['2025-11-25/ping/a', 'pass'],
        ['2025-11-25/wire/post', 'pass'],
      ]),
      shard(2, [
        ['2025-11-25/ping/b', 'pass'],
        ['2025-11-25/wire/post', 'pass'],
      ]),
    );
    expect(merged.checks.map((c) => c.id)).toEqual(ORDER);
  });

  test('a post-phase check on which every shard agrees is as the unsplit run has it; one they disagree on says so', () => {
    const agreed = merge(shard(1, [['2025-11-25/wire/post', 'pass']]), shard(2, [['2025-11-25/wire/post', 'pass']]));
    expect(agreed.checks[0].notes).toBeUndefined();
    const split = merge(shard(1, [['2025-11-25/wire/post', 'pass']]), shard(2, [['2025-11-25/wire/post', 'fail']]));
    expect(split.checks[0].verdict).toBe('fail');
    expect(split.checks[0].notes).toEqual([DISAGREED_NOTE]);
  });

  test('a shard with nothing for a post-phase check to judge (skip) is no disagreement', () => {
    const merged = merge(shard(1, [['2025-11-25/wire/post', 'skip']]), shard(2, [['2025-11-25/wire/post', 'pass']]));
    expect(merged.checks[0].verdict).toBe('pass');
    expect(merged.checks[0].notes).toBeUndefined();
  });

  test("a post-phase check's notes count its shard's traffic: kept under each shard's name unless all agree", () => {
    const noted = (index: number, note: string) => {
      const results = shard(index, [['2025-11-25/wire/post', 'pass']]);
      return { ...results, checks: results.checks.map((c) => ({ ...c, notes: [note] })) };
    };
    expect(merge(noted(1, '3 icon(s) seen'), noted(2, '3 icon(s) seen')).checks[0].notes).toEqual(['3 icon(s) seen']);
    expect(merge(noted(1, '3 icon(s) seen'), noted(2, '5 icon(s) seen')).checks[0].notes).toEqual([
      'shard 1/2: 3 icon(s) seen',
      'shard 2/2: 5 icon(s) seen',
    ]);
  });

  test('files without a recorded order fall back to area of first appearance, then id', () => {
    const bare = (index: number, checks: FakeCheck[]) => ({
      ...shard(index, checks),
      shard: { index, count: 2, everyShard: [] },
    });
    const merged = merge(
      bare(1, [['2025-11-25/tools/z', 'pass']]),
      bare(2, [
        ['2025-11-25/ping/b', 'pass'],
        ['2025-11-25/ping/a', 'pass'],
      ]),
    );
    expect(merged.checks.map((c) => c.id)).toEqual(['2025-11-25/tools/z', '2025-11-25/ping/a', '2025-11-25/ping/b']);
  });
});
