// Table 5.1 of the kit's SPEC.md, read as data: which portable subject and phase each native
// event maps to. The kit takes a dispatch case's hook defaults from it, so the table an
// implementation is judged by is the one the spec prints, not a second copy in code.

import { readFileSync } from "node:fs";
import { kitPath } from "../../shared/kit-root.js";

export interface EventRow {
  subject: string;
  phase: string;
  /** The providers whose pinned harness has the event ("yes" in its column). */
  providers: string[];
}

let cached: Map<string, EventRow> | undefined;

/** The mapped events of table 5.1 (an event of the "any other" row maps to none and is absent). */
export function nativeEventTable(specText: string = readFileSync(kitPath("SPEC.md"), "utf8")): Map<string, EventRow> {
  const section = /^### 5\.1 .*\n([\s\S]*?)^#/m.exec(specText)?.[1];
  if (section === undefined) throw new Error("SPEC.md has no section 5.1 (the native event table)");
  const lines = section.split("\n");
  const rows = lines.filter((l) => l.startsWith("| `"));
  const header = lines.find((l) => l.startsWith("| native event"));
  const providers = (header ?? "")
    .split("|")
    .slice(3, -1)
    .map((h) => h.trim().split(" ")[0]!);
  const table = new Map<string, EventRow>();
  for (const row of rows) {
    const cells = row
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
    const event = /^`([A-Za-z]+)`$/.exec(cells[0] ?? "")?.[1];
    const mapped = /^`([a-z_]+)` \/ `([a-z_]+)`$/.exec(cells[1] ?? "");
    if (!event || !mapped) continue;
    table.set(event, { subject: mapped[1]!, phase: mapped[2]!, providers: providers.filter((_, i) => cells[2 + i] === "yes") });
  }
  if (table.size === 0) throw new Error("SPEC.md section 5.1 has no event row");
  return table;
}

/** Table 5.1 of the kit's own SPEC.md, read once. */
export function kitEventTable(): Map<string, EventRow> {
  cached ??= nativeEventTable();
  return cached;
}
