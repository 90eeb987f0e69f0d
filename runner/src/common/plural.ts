// "1 case", "2 cases": counts as people write them.

/** `n` and the noun, plural unless n is 1. */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
