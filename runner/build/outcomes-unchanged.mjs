// Behaviour unchanged across a refactoring: every case's outcome against every adapter the same
// before and after. Run `save` before the change and `check` after it; `check` runs the suite
// again and compares with `papc report compare --json` (outcomes by case id, and each case's
// content hash, so a case that changed is named too).
//
//   node runner/build/outcomes-unchanged.mjs save DIR [ADAPTER…]
//   node runner/build/outcomes-unchanged.mjs check DIR [ADAPTER…]
//
// ADAPTER defaults to the adapters that need no harness (reference, reference-exec,
// python-minimal, plugin-host, dalo-cli); name the harness ones (claude-code-loader, …) to add
// them. Uses the built kit (npm run build first). Exit 0 when nothing moved, 1 when something did.

import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { dir as tmpDir } from "tmp-promise";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const PAPC = join(root, "dist/runner/src/cli.js");
const OFFLINE = ["reference", "reference-exec", "python-minimal", "plugin-host", "dalo-cli"];

const [verb, dirArg, ...named] = process.argv.slice(2);
if (!["save", "check"].includes(verb ?? "") || !dirArg) {
  process.stderr.write("usage: outcomes-unchanged.mjs save|check DIR [ADAPTER…]\n");
  process.exit(2);
}
const dir = resolve(dirArg);
const adapters = named.length > 0 ? named : OFFLINE;

/** Runs the whole suite against one adapter into `out` (a failing run still writes its report). */
async function runSuite(adapter, out) {
  const r = await execa("node", [PAPC, "run", "--adapter", adapter, "--out", out, "--quiet", "--force"], { reject: false, cwd: root });
  if (r.exitCode === 2) throw new Error(`papc run --adapter ${adapter} did not run (exit 2):\n${r.stderr}`);
  // the totals line ("N pass, … — OK in 5 s"), not the reports' paths
  const totals = r.stdout.split("\n").findLast((l) => l.includes(" — ")) ?? `exit ${r.exitCode}`;
  process.stdout.write(`${adapter}: ${totals}\n`);
}

if (verb === "save") {
  for (const a of adapters) await runSuite(a, dir);
  process.stdout.write(`saved to ${dir}\n`);
} else {
  const { path: now, cleanup } = await tmpDir({ prefix: "papc-outcomes-", unsafeCleanup: true });
  let moved = 0;
  try {
    for (const a of adapters) {
      await runSuite(a, now);
      const r = await execa("node", [PAPC, "report", "compare", join(dir, `${a}.jsonl`), join(now, `${a}.jsonl`), "--json"], { reject: false, cwd: root });
      if (r.exitCode === 2) throw new Error(r.stdout || r.stderr);
      const cmp = JSON.parse(r.stdout);
      const changes = ["regressions", "fixes", "other_changes", "changed_cases", "added", "removed"].filter((k) => cmp[k].length > 0);
      if (changes.length === 0) {
        process.stdout.write(`${a}: every outcome unchanged\n`);
        continue;
      }
      moved++;
      process.stdout.write(
        `${a}: changed (${changes.map((k) => `${cmp[k].length} ${k}`).join(", ")})\n${JSON.stringify(Object.fromEntries(changes.map((k) => [k, cmp[k]])), null, 2)}\n`,
      );
    }
  } finally {
    await cleanup();
  }
  process.exitCode = moved > 0 ? 1 : 0;
}
