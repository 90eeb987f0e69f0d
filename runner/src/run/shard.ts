// `papc run --shard i/n`: a stable slice of the selected cases for one job of a CI matrix. A case
// belongs to the shard its id's sha256 names, so adding or editing a case moves no other case,
// and n shards together hold every selected case exactly once.

import { sha256 } from "../common/canonical.js";

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

/** "i/n" with 1 <= i <= n; a message saying what is wrong otherwise. */
export function parseShard(text: string): Shard | string {
  const m = /^([1-9][0-9]*)\/([1-9][0-9]*)$/.exec(text);
  if (!m) return `--shard takes i/n (for example 2/4), not "${text}"`;
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (index > count) return `--shard ${text}: the shard number is at most the number of shards (${count})`;
  return { index, count };
}

/** The 1-based shard of a case id among `count`. */
export function shardOf(id: string, count: number): number {
  return (Number.parseInt(sha256(id).slice(0, 12), 16) % count) + 1;
}

export function inShard(id: string, shard: Shard): boolean {
  return shardOf(id, shard.count) === shard.index;
}
