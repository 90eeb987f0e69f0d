// `papc coverage`: each requirement of SPEC.md with the cases (accepting, rejecting) or the exclusion that cover it.

import { printJson } from "../common/command-io.js";
import { suitePaths } from "../cases/load-suite.js";
import { lintSuite } from "../lint/lint.js";
import { count } from "../common/plural.js";
import { coverageOf, isMissing, isOneSided } from "./coverage.js";

export async function coverageCommand(o: { missing?: boolean; oneSided?: boolean; prefix?: string; json?: boolean }, root: string): Promise<void> {
  const { caseSet, spec, exclusions } = await lintSuite(suitePaths(root));
  const rows = coverageOf(spec.requirements.values(), caseSet.cases, exclusions).filter((r) => r.requirement.id.startsWith(o.prefix ?? ""));
  let missing = 0;
  let oneSided = 0;
  const listed: object[] = [];
  for (const r of rows) {
    const none = isMissing(r);
    const lopsided = o.oneSided === true && isOneSided(r);
    if (none) missing++;
    if (lopsided) oneSided++;
    if (o.missing && !none && !lopsided) continue;
    if (o.json) {
      listed.push({
        id: r.requirement.id,
        level: r.requirement.level,
        accepting: r.accepting,
        rejecting: r.rejecting,
        other: r.other,
        exclusion: r.exclusion ?? null,
        missing: none,
        one_sided: isOneSided(r),
      });
      continue;
    }
    const n = r.accepting + r.rejecting + r.other;
    const how =
      n > 0
        ? `${count(n, "case")}: ${r.accepting} accepting, ${r.rejecting} rejecting${r.other ? `, ${r.other} other` : ""}${lopsided ? ` — ONE-SIDED: add ${r.accepting > 0 ? "a rejecting" : r.rejecting > 0 ? "an accepting" : "an accepting and a rejecting"} case (what counts as which: SPEC.md 1.1, CONTRIBUTING.md)` : ""}`
        : r.exclusion
          ? `excluded: ${r.exclusion.reason}${r.exclusion.tested_by ? ` (tested by ${r.exclusion.tested_by})` : ""}`
          : "MISSING";
    process.stdout.write(`${r.requirement.id}\t${r.requirement.level}\t${how}\n`);
  }
  if (o.json) printJson({ requirements: listed, total: rows.length, missing, ...(o.oneSided ? { one_sided: oneSided } : {}) });
  else process.stdout.write(`${count(rows.length, "requirement")}, ${missing} without a case or exclusion${o.oneSided ? `, ${oneSided} one-sided` : ""}\n`);
  if (missing + oneSided > 0) process.exitCode = 1;
}
