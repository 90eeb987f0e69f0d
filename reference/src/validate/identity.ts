// Source-wide identity (SPEC.md 3.2): a plugin.id must be unique within the source. Only
// packages that pass every other package-contract rule take part, as in the published
// reference; every package of a duplicated id is then invalid.

export interface IdentifiedPackage {
  slot: string;
  id?: string;
}

/** Slots of packages whose id another package shares, with that id. */
export function duplicateIds(packages: readonly IdentifiedPackage[]): Map<string, string> {
  const byId = new Map<string, string[]>();
  for (const pkg of packages) {
    if (pkg.id === undefined) continue;
    const slots = byId.get(pkg.id) ?? [];
    slots.push(pkg.slot);
    byId.set(pkg.id, slots);
  }
  const duplicated = new Map<string, string>();
  for (const [id, slots] of byId) {
    if (slots.length > 1) for (const slot of slots) duplicated.set(slot, id);
  }
  return duplicated;
}
