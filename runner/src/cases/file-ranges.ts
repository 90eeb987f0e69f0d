// A fixture key may name many entries at once: `plugins/demo/f{0001..4095}: ""` is the 4095
// keys f0001 … f4095, each with the same value (numbers padded to the width of the first one).
// The loader expands it before anything else sees the case, so the loaded case, and its hash,
// are those of the same case written key by key (SPEC 1.1).

const RANGE = /\{(\d+)\.\.(\d+)\}/g;

/** The most keys one range may name: more than any bound the suite tests (4097 entries). */
export const RANGE_MAX = 100_000;

export interface RangeProblem {
  /** The key as written. */
  key: string;
  message: string;
}

/**
 * `files` with every range key replaced by the keys it names, in place (the order of keys is
 * kept). A key written out wins over the same key named by a range: that is how one entry of a
 * range gets another value.
 */
export function expandFileRanges(files: Record<string, unknown>): { files: Record<string, unknown>; problems: RangeProblem[] } {
  const problems: RangeProblem[] = [];
  const expanded: Record<string, unknown> = {};
  const byRange = new Map<string, string>();
  for (const [key, value] of Object.entries(files)) {
    const ranges = [...key.matchAll(RANGE)];
    if (ranges.length === 0) {
      expanded[key] = value;
      continue;
    }
    if (ranges.length > 1) {
      problems.push({ key, message: "names two ranges; a key holds at most one {first..last}" });
      continue;
    }
    const [whole, first = "", last = ""] = ranges[0]!;
    const from = Number(first);
    const to = Number(last);
    if (from > to) {
      problems.push({ key, message: `has the range {${first}..${last}}, whose first number is above its last` });
      continue;
    }
    if (to - from + 1 > RANGE_MAX) {
      problems.push({ key, message: `names ${to - from + 1} keys; a range names at most ${RANGE_MAX}` });
      continue;
    }
    const at = ranges[0]!.index;
    for (let n = from; n <= to; n++) {
      const name = `${key.slice(0, at)}${String(n).padStart(first.length, "0")}${key.slice(at + whole.length)}`;
      const earlier = byRange.get(name);
      if (earlier !== undefined) {
        problems.push({ key, message: `names "${name}", which the range key "${earlier}" names too` });
        break;
      }
      byRange.set(name, key);
      if (!Object.hasOwn(files, name)) expanded[name] = value;
    }
  }
  return { files: expanded, problems };
}
