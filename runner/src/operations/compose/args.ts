// Lint of a compose case's `given.args` (SPEC 1.9): the request shape (protocol/compose-args.schema.json),
// package paths that stay inside the fixture and name a PLUGIN.toml the case writes, and result
// keys that are hook identities. A mistake here is a finding at its line, not a confusing result.

import { check, describeErrors } from "../../schemas/registry.js";
import { HOOK_IDENTITY_PATTERN } from "../../schemas/protocol-schemas.js";
import type { CaseSpec } from "../../types/case.js";
import type { ComposeArgs } from "../../../shared/protocol.js";
import { fixturePathProblems } from "../../fixtures/fixture-paths.js";
import type { KeyFinding } from "../../registry/operation-definition.js";

const IDENTITY = new RegExp(HOOK_IDENTITY_PATTERN);

export function composeArgsFindings(c: CaseSpec): KeyFinding[] {
  const args = c.given?.args;
  const shape = check("protocol/compose-args.schema.json", args ?? {});
  if (!shape.ok) return [{ path: ["given", "args"], message: `given.args (compose): ${describeErrors(shape.errors)}` }];
  const { packages, results } = args as unknown as ComposeArgs;
  const findings: KeyFinding[] = [];
  const source = c.given?.source ?? ".";
  const files = Object.keys(c.given?.files ?? {});
  packages.forEach((pkg, i) => {
    const [outside] = fixturePathProblems({ [pkg]: "" });
    if (outside) findings.push({ path: ["given", "args", "packages", i], message: `package "${pkg}" ${outside.reason}` });
    const manifest = [source, pkg, "PLUGIN.toml"].filter((p) => p !== ".").join("/");
    if (!outside && !files.includes(manifest)) findings.push({ path: ["given", "args", "packages", i], message: `package "${pkg}": the case writes no ${manifest}` });
  });
  for (const key of Object.keys(results ?? {})) {
    if (!IDENTITY.test(key)) findings.push({ path: ["given", "args", "results", key], message: `"${key}" is not a hook identity <plugin name>#hook:<hook id>` });
  }
  return findings;
}
