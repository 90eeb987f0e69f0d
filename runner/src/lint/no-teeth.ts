// A validate case with no teeth: one that the two laziest validators, one accepting everything and
// one rejecting every package, would both pass (runner/test/teeth.test.ts runs them for real). Lint
// judges their replies in-process, without a fixture on disk: each reply depends only on the
// names under `<source>/plugins/`, which the case's fixture paths give. Where those names cannot
// be told from the paths (a `plugins` that is itself a symlink), the case is left to the teeth test.

import { posix } from "node:path";
import { pathSegmentBytes } from "../fixtures/fixture-path-bytes.js";
import { compareValidate, unobservedValidateFields } from "../operations/validate/compare.js";
import type { LoadedCase } from "../types/case.js";
import type { ValidateResult } from "../../shared/protocol.js";
import type { ValidationReport } from "../../shared/validation-report.js";
import { problem, type LintProblem } from "../common/problems.js";

type Verdict = "accept" | "reject";

/** The reply of a constant validator (the same as runner/test/mutants/answers-fixed-verdict.mjs). */
export function constantReply(verdict: Verdict, source: string, plugins: readonly string[]): ValidateResult {
  const valid = verdict === "accept";
  const diagnostics = valid
    ? []
    : plugins.map((n) => ({ code: "invalid_plugin_package", phase: "package_contract", severity: "error", path: `plugins/${n}/PLUGIN.toml`, message: "rejected" }));
  const report = {
    schema_version: 1,
    profile: "portable-agent-packages/0.1",
    source_path: source,
    valid,
    package_contract: { valid, diagnostics },
    members: [],
    dependencies: [],
    providers: [],
    execution_authorization: { status: "never_granted", check: "not_applicable", detail: "" },
    packages: [],
    diagnostics,
  } as unknown as ValidationReport;
  return { exit: valid ? 0 : 1, structural: verdict, report };
}

/** The directory names under `<source>/plugins/` that the case's fixture makes, or undefined when the paths cannot tell. */
export function pluginNames(c: LoadedCase): string[] | undefined {
  const source = posix.normalize(c.given?.source ?? ".");
  const dir = source === "." ? "plugins" : `${source}/plugins`;
  const files = c.given?.files ?? {};
  const names = new Set<string>();
  for (const [path, entry] of Object.entries(files)) {
    // a symlink on the way to plugins/ (or plugins/ itself) points where the paths do not say
    if (typeof entry === "object" && "symlink" in entry && (dir === path || dir.startsWith(`${path}/`))) return undefined;
    if (!path.startsWith(`${dir}/`)) continue;
    const segment = pathSegmentBytes(path)[dir.split("/").length];
    if (segment) names.add(segment.toString("utf8"));
  }
  return [...names];
}

export function noTeethProblems(cases: readonly LoadedCase[]): LintProblem[] {
  const problems: LintProblem[] = [];
  for (const c of cases) {
    if (c.operation !== "validate") continue;
    const plugins = pluginNames(c);
    if (plugins === undefined) continue;
    const passes = (verdict: Verdict): boolean => {
      const reply = constantReply(verdict, "<source>", plugins);
      return compareValidate(c.expect, reply).length === 0 && unobservedValidateFields(c.expect, reply).length === 0;
    };
    if (passes("accept") && passes("reject")) {
      problems.push(
        problem(
          "no-teeth",
          c.location.file,
          c.location.line,
          `case "${c.id}" passes against a validator that accepts everything and one that rejects every package: its expectation tells no validator apart`,
          c.id,
        ),
      );
    }
  }
  return problems;
}
