/**
 * The fold's lanes: tallies are split over FOLD_SHARDS shards, each folded by its own chain of
 * runs (chain.ts), side by side, so that the fold keeps up with more tallies than one serial
 * writer could read and delete. A player's tallies always go to the same shard (a hash of who
 * put them down), so the moves of one player's score reach the boards in the order they were
 * made, which the boards' kept best scores need (boards/rank.ts).
 */

/** How many lanes fold side by side. Only ever raised: a lowered count would strand tallies. */
export const FOLD_SHARDS = 8;

/** The shard of the tallies put down for `key` (a user id): FNV-1a, stable across deploys. */
export function shardOf(key: string, shards = FOLD_SHARDS): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

/** Every shard, 0 to FOLD_SHARDS - 1. */
export const allShards = (): number[] => Array.from({ length: FOLD_SHARDS }, (_, i) => i);
