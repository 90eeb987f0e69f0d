// A persistent implementation that does no work: announces every operation and answers every
// case at once with the same fixed result (a passing validation, wrong for most cases). Running
// the suite against it measures what the runner and the persistent protocol cost per case on
// their own, fixtures and judging included: the floor of a run.
import { createInterface } from "node:readline";
const OPERATIONS = ["validate", "validate-cli", "dispatch", "live", "load-agent-plugin", "compose", "review", "approve", "revoke", "activate", "remove"];
const result = {
  exit: 0,
  report: {
    schema_version: 1,
    profile: "null",
    source_path: ".",
    valid: true,
    package_contract: { valid: true, diagnostics: [] },
    members: [],
    dependencies: [],
    providers: [],
    execution_authorization: { status: "never_granted", check: "not_applicable", detail: "" },
    packages: [],
    diagnostics: [],
  },
};
createInterface({ input: process.stdin }).on("line", (line) => {
  const msg = JSON.parse(line);
  if (msg.cmd === "hello") process.stdout.write(`${JSON.stringify({ protocol: 1, implementation: { name: "null", version: "0" }, operations: OPERATIONS })}\n`);
  else if (msg.cmd === "run") process.stdout.write(`${JSON.stringify({ seq: msg.seq, result })}\n`);
  else process.exit(0);
});
