// `npm run bench`: runs the whole suite against the reference in persistent and in exec mode,
// and against a no-op implementation in each mode, and prints cases/s and the per-case
// overhead of each mode. Overhead = time per case against the no-op implementation, split into
// the exchange (request to reply: process model and protocol, no validation work) and the
// runner's fixture set-up around it (the same in both modes).

import { join } from "node:path";
import { resolveAdapter } from "../src/adapters/load-adapter.js";
import { loadCases } from "../src/cases/load-cases.js";
import { kitInfo, kitRoot } from "../shared/kit-root.js";
import { runSuite } from "../src/run/run-suite.js";
import type { Adapter } from "../src/types/adapter.js";

const root = kitRoot();
const benchDir = join(root, "runner", "bench");

interface Row {
  label: string;
  jobs: number;
  cases: number;
  seconds: number;
  /** Mean request-to-reply time per case. */
  exchangeMs: number;
  /** Mean fixture set-up and check time per case. */
  setupMs: number;
  outcomes: string;
}

async function measure(label: string, adapter: Adapter, jobs: number, only?: string): Promise<Row> {
  const all = (await loadCases(join(root, "cases"), root)).cases;
  const cases = only ? all.filter((c) => c.id.startsWith(only)) : all;
  const started = performance.now();
  const report = await runSuite({ kitRoot: root, kit: kitInfo(), adapter, cases, jobs });
  const seconds = (performance.now() - started) / 1000;
  const outcomes = Object.entries(report.footer.totals)
    .map(([o, n]) => `${o} ${n}`)
    .join(", ");
  const mean = (f: (r: (typeof report.cases)[number]) => number): number => report.cases.reduce((t, r) => t + f(r), 0) / report.cases.length;
  return {
    label: only ? `${label} (${only})` : label,
    jobs,
    cases: cases.length,
    seconds,
    exchangeMs: mean((r) => r.duration_ms),
    setupMs: mean((r) => r.setup_ms ?? 0),
    outcomes,
  };
}

const nullPersistent: Adapter = { name: "null", description: "no-op", mode: "persistent", command: ["node", join(benchDir, "null-persistent.mjs")], dir: benchDir };
const nullExec: Adapter = {
  name: "null-exec",
  description: "no-op",
  mode: "exec",
  implementation: { name: "null", version: "0" },
  operations: { validate: { argv: ["node", join(benchDir, "null-exec.mjs"), "{source}"] } },
  dir: benchDir,
};

const reference = await resolveAdapter("reference", root);
const referenceExec = await resolveAdapter("reference-exec", root);
const rows: Row[] = [];
for (const [label, adapter] of [
  ["reference, persistent", reference],
  ["reference, exec", referenceExec],
  ["no-op, persistent", nullPersistent],
  ["no-op, exec", nullExec],
] as const) {
  rows.push(await measure(label, adapter, 1));
}
rows.push(await measure("reference, persistent", reference, 2));
rows.push(await measure("reference, persistent", reference, 2, "manifest/structural/"));
// The live cases in the real harnesses (skipped, and so quick, when they are not installed).
rows.push(await measure("reference, persistent", reference, 2, "live/"));

const perCase = (r: Row): number => (r.seconds * 1000) / r.cases;
console.log("\nmode                                           jobs  cases   seconds   cases/s   ms/case  exchange   set-up   outcomes");
for (const r of rows) {
  console.log(
    `${r.label.padEnd(46)} ${String(r.jobs).padStart(4)}  ${String(r.cases).padStart(5)}  ${r.seconds.toFixed(2).padStart(8)}  ${(r.cases / r.seconds).toFixed(1).padStart(8)}  ${perCase(r).toFixed(2).padStart(8)}  ${r.exchangeMs.toFixed(2).padStart(8)} ${r.setupMs.toFixed(2).padStart(8)}   ${r.outcomes}`,
  );
}
const [, , nullP, nullE] = rows as [Row, Row, Row, Row, Row];
console.log(
  `\nper-case overhead of the protocol mode (no-op implementation, 1 job, request to reply): persistent ${nullP.exchangeMs.toFixed(2)} ms, exec ${nullE.exchangeMs.toFixed(2)} ms (${(nullE.exchangeMs / nullP.exchangeMs).toFixed(0)}x)`,
);
console.log(
  `per-case wall time including the runner's fixture set-up: persistent ${perCase(nullP).toFixed(2)} ms, exec ${perCase(nullE).toFixed(2)} ms (${(perCase(nullE) / perCase(nullP)).toFixed(1)}x)`,
);
console.log(`(${process.version}, ${process.platform}/${process.arch})`);
