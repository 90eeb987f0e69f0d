// "Did you mean": requirement IDs close to a misspelt one, for `papc new case` and `papc lint`.

/** Up to five requirement IDs close to `wanted`: by edit distance, or sharing a segment run. */
export function closeMatches(wanted: string, known: readonly string[]): string[] {
  const w = wanted.toUpperCase();
  const scored = known.map((id) => {
    let score = distance(w, id);
    if (id.includes(w) || w.includes(id)) score = Math.min(score, 2);
    const shared = sharedSegments(w, id);
    if (shared >= 2) score = Math.min(score, Math.max(1, Math.floor(score / 2)));
    return { id, score };
  });
  const limit = Math.max(3, Math.ceil(w.length * 0.35));
  return scored
    .filter((s) => s.score <= limit)
    .sort((a, b) => a.score - b.score || (a.id < b.id ? -1 : 1))
    .slice(0, 5)
    .map((s) => s.id);
}

function sharedSegments(a: string, b: string): number {
  const bs = new Set(b.split("-"));
  return a.split("-").filter((s) => bs.has(s)).length;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const here = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = here;
    }
  }
  return row[b.length]!;
}
