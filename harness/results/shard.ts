// Deterministic sharding for CI job matrices: an item belongs to shard (FNV-1a 32 of its id, mod n) + 1,
// so adding a check never moves the others. Post-phase checks read the whole wire of their
// run, so they run in every shard and `report merge` combines their verdicts.

export interface ShardSpec {
  /** 1-based. */
  index: number;
  count: number;
}

export interface ShardInfo extends ShardSpec {
  /** Ids run in every shard (post-phase checks); merge keeps the worst verdict. */
  everyShard: string[];
  /**
   * Every check id of the unsplit run's catalogue, in the order a run lists them: merge lays the
   * shards' checks out in it, so the merged file reads as the unsplit one (files before it lack it).
   */
  order?: string[];
}

export class ShardSpecError extends Error {}

const MAX_SHARDS = 1000;

export function parseShard(text: string): ShardSpec {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) throw new ShardSpecError(`--shard expects i/n (e.g. 2/4), got ${JSON.stringify(text)}`);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > MAX_SHARDS)
    throw new ShardSpecError(`--shard ${text}: n must be between 1 and ${MAX_SHARDS}`);
  if (index < 1 || index > count) throw new ShardSpecError(`--shard ${text}: i must be between 1 and ${count}`);
  return { index, count };
}

export function formatShard(shard: ShardSpec): string {
  return `${shard.index}/${shard.count}`;
}

/** FNV-1a over the UTF-8 bytes: stable across Node versions and platforms. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The 1-based shard an id belongs to when split n ways. */
export function shardOf(id: string, count: number): number {
  return (fnv1a(id) % count) + 1;
}

export function inShard(id: string, shard: ShardSpec | undefined): boolean {
  return shard === undefined || shardOf(id, shard.count) === shard.index;
}
