// The two laziest wrong validators: `accept` calls every source valid, `reject` calls every
// package invalid (one invalid_plugin_package per plugins/<name>/PLUGIN.toml). Every case of
// the suite must fail against at least one of them, or it cannot tell a validator from a
// constant (CONTRIBUTING.md, the teeth rule). Usage: node answers-fixed-verdict.mjs accept|reject
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

const verdict = process.argv[2];
if (verdict !== "accept" && verdict !== "reject") throw new Error("usage: answers-fixed-verdict.mjs accept|reject");

function report(source) {
  const valid = verdict === "accept";
  let names = [];
  try {
    names = readdirSync(join(source, "plugins"));
  } catch {}
  const diagnostics = valid
    ? []
    : names.map((n) => ({ code: "invalid_plugin_package", phase: "package_contract", severity: "error", path: `plugins/${n}/PLUGIN.toml`, message: "rejected" }));
  return {
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
  };
}

createInterface({ input: process.stdin }).on("line", (line) => {
  const msg = JSON.parse(line);
  if (msg.cmd === "hello") {
    process.stdout.write(`${JSON.stringify({ protocol: 1, implementation: { name: `${verdict}-everything`, version: "0" }, operations: ["validate"] })}\n`);
  } else if (msg.cmd === "run") {
    const result = { exit: verdict === "accept" ? 0 : 1, structural: verdict, report: report(msg.case.source) };
    process.stdout.write(`${JSON.stringify({ seq: msg.seq, result })}\n`);
  } else process.exit(0);
});
