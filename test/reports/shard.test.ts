// --shard i/n: a deterministic split by a stable hash of the check id, so a CI job matrix runs
// every check exactly once and adding checks does not move the others.
import { describe, expect, test } from 'vitest';
import { selectIds } from '../../harness/results/select.js';
import { formatShard, inShard, parseShard, shardOf, ShardSpecError } from '../../harness/results/shard.js';
import { ALL_CHECKS } from '../../suites/index.js';
import { REFERENCE_CHECKS, REFERENCE_SKIP, referenceResults } from './helpers.js';

const ids = ALL_CHECKS.map((c) => c.id);
const mainIds = ALL_CHECKS.filter((c) => c.phase !== 'post').map((c) => c.id);

describe('parseShard', () => {
  test('reads i/n', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
    expect(formatShard(parseShard('3/5'))).toBe('3/5');
  });

  test.each(['0/3', '4/3', '1/0', '2', 'a/b', '1/2/3', '-1/2', '1.5/3', '1/1001'])('rejects %j', (text) => {
    expect(() => parseShard(text)).toThrow(ShardSpecError);
  });

  test('says what is wrong', () => {
    expect(() => parseShard('4/3')).toThrow('--shard 4/3: i must be between 1 and 3');
    expect(() => parseShard('x')).toThrow('--shard expects i/n (e.g. 2/4), got "x"');
  });
});

describe('shardOf', () => {
  test.each([1, 2, 3, 4, 7])('split %i ways, the shards partition the checks', (n) => {
    const shards = Array.from({ length: n }, (_, i) => ids.filter((id) => inShard(id, { index: i + 1, count: n })));
    expect(shards.reduce((sum, shard) => sum + shard.length, 0)).toBe(ids.length);
    expect(new Set(shards.flat())).toEqual(new Set(ids));
  });

  test('the hash is pinned: the same id lands in the same shard in every release', () => {
    // FNV-1a 32 of the UTF-8 bytes (published test vectors); changing it would reshuffle every CI matrix.
    expect(shardOf('a', 2 ** 32)).toBe(0xe40c292c + 1);
    expect(shardOf('foobar', 2 ** 32)).toBe(0xbf9cf968 + 1);
    expect(shardOf('', 2 ** 32)).toBe(0x811c9dc5 + 1);
    expect(shardOf('2025-11-25/lifecycle/ping', 4)).toBe(2);
    expect(shardOf('2026-07-28/meta/missing-meta', 4)).toBe(4);
  });

  test('no shard spec means every check', () => {
    expect(ids.every((id) => inShard(id, undefined))).toBe(true);
  });

  test('a 2-way split of the suites is not lopsided', () => {
    const first = mainIds.filter((id) => shardOf(id, 2) === 1).length;
    expect(first / mainIds.length).toBeGreaterThan(0.25);
    expect(first / mainIds.length).toBeLessThan(0.75);
  });
});

describe('a sharded run', () => {
  test('runs its own main checks plus every post-phase check, and records the shard', async () => {
    // A few areas' main checks, and every post-phase check (they only read the run's traffic).
    const post = ALL_CHECKS.filter((c) => c.phase === 'post').map((c) => c.id);
    const selected = selectIds([...ALL_CHECKS], REFERENCE_CHECKS, REFERENCE_SKIP).map((c) => c.id);
    const results = await referenceResults(
      {},
      { select: [...REFERENCE_CHECKS, ...post], shard: { index: 1, count: 2 } },
    );
    const ran = results.checks.map((c) => c.id);
    const own = mainIds.filter((id) => selected.includes(id) && shardOf(id, 2) === 1);
    expect(own.length).toBeGreaterThan(0);
    expect(ran.filter((id) => mainIds.includes(id)).sort()).toEqual(own.sort());
    expect(ran.filter((id) => post.includes(id)).sort()).toEqual([...post].sort());
    expect(results.shard).toEqual({ index: 1, count: 2, everyShard: post, order: ids });
  });
});
