// The first release where something changed, found by bisection over the published versions
// between two that differ (never by running all of them). `probe` observes one version (runs a
// live case against it, say); the observation is assumed to change once between the two ends.

/** Compares x.y.z versions numerically; a pre-release sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string): [number[], string] => {
    const [core = "", pre = ""] = v.split("-", 2);
    return [core.split(".").map(Number), pre];
  };
  const [ca, pa] = parts(a);
  const [cb, pb] = parts(b);
  for (let i = 0; i < Math.max(ca.length, cb.length); i++) {
    const d = (ca[i] ?? 0) - (cb[i] ?? 0);
    if (d !== 0) return d;
  }
  if (pa === pb) return 0;
  if (pa === "") return 1;
  if (pb === "") return -1;
  return pa < pb ? -1 : 1;
}

export interface Bisection {
  /** The first version whose observation differs from the earlier end's. */
  first: string;
  /** The version just before it (observed like the earlier end). */
  last_same: string;
  /** Every version probed, in probe order, with what was observed. */
  probed: { version: string; observed: string }[];
}

/**
 * Bisects the released versions strictly between `from` and `to` (whose observations are known
 * to differ); pre-releases are left out. At most ⌈log2(n + 1)⌉ probes for n versions between.
 */
export async function bisectVersions(
  released: readonly string[],
  from: { version: string; observed: string },
  to: { version: string; observed: string },
  probe: (version: string) => Promise<string>,
): Promise<Bisection> {
  const between = released.filter((v) => !v.includes("-") && compareVersions(v, from.version) > 0 && compareVersions(v, to.version) < 0).sort(compareVersions);
  const line = [from.version, ...between, to.version];
  const probed: Bisection["probed"] = [];
  // invariant: line[lo] observed like `from`, line[hi] not
  let lo = 0;
  let hi = line.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    const version = line[mid]!;
    const observed = await probe(version);
    probed.push({ version, observed });
    if (observed === from.observed) lo = mid;
    else hi = mid;
  }
  return { first: line[hi]!, last_same: line[lo]!, probed };
}
