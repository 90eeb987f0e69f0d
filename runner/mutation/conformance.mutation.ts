// Mutation testing of the reference (runner/mutation/README.md): the conformance suite, run
// in-process against the reference, one vitest test per case. Stryker's vitest runner can
// only see code loaded in the vitest process, so instead of starting pap-reference as a
// subprocess (as `papc run` does) the Implementation below calls the reference's request
// handler directly. Every reply still goes through JSON and the protocol's reply schemas, as
// on the wire, so a mutant that breaks the reply shape fails its cases as a protocol error.
//
// Run by `npm run mutation` (runner/mutation/stryker.config.mjs), never by `npm test` (the
// file name does not match vitest's default *.test.ts include). For a quick check without
// Stryker: npx vitest run --config runner/mutation/vitest.mutation.config.ts
//
// Environment:
//   PAPC_MUTATION_CASES       a regular expression: only cases whose id matches (default: all)
//   PAPC_MUTATION_OPERATIONS  comma-separated operations: only their cases (default: all but live ones);
//                             run-modules.mjs sets it per chunk

import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import "../src/operations/index.js";
import { operationNamed } from "../src/registry/operations.js";
import { loadCases } from "../src/cases/load-cases.js";
import type { ExchangeWithStderr, Implementation } from "../src/protocol/implementation.js";
import { check, describeErrors, type SchemaName } from "../src/schemas/registry.js";
import { runCase, type CaseRunOptions, type FixtureLease } from "../src/run/run-case.js";
import type { LoadedCase } from "../src/types/case.js";
import type { CasePayload, HelloReply } from "../shared/protocol.js";
import { handleRun, helloReply } from "../../reference/src/protocol-server.js";

const KIT_ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
/** papc's default per-case timeout (`papc run --timeout`). */
const CASE_TIMEOUT_MS = 10_000;

const REPLY_SCHEMAS: Record<string, SchemaName> = {
  result: "protocol/result-reply.schema.json",
  skipped: "protocol/skipped-reply.schema.json",
  errored: "protocol/errored-reply.schema.json",
};

/** The reference as an Implementation, in this process: what pap-reference's serve() does, minus stdio. */
class InProcessReference implements Implementation {
  private seq = 0;

  async hello(): Promise<HelloReply> {
    return JSON.parse(JSON.stringify(helloReply())) as HelloReply;
  }

  async run(payload: CasePayload, timeoutMs: number): Promise<ExchangeWithStderr> {
    const seq = ++this.seq;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"timeout">((done) => {
      timer = setTimeout(() => done("timeout"), timeoutMs);
    });
    try {
      // The request crosses JSON as on the wire.
      const request = JSON.parse(JSON.stringify(payload)) as unknown;
      const reply = await Promise.race([handleRun(seq, request), timeout]);
      if (reply === "timeout") return { exchange: { kind: "timeout", message: `no reply within ${timeoutMs} ms` }, stderr: "" };
      let wire: Record<string, unknown>;
      try {
        wire = JSON.parse(JSON.stringify(reply)) as Record<string, unknown>;
      } catch (err) {
        return { exchange: { kind: "protocol-error", message: `reply is not JSON: ${(err as Error).message}` }, stderr: "" };
      }
      if (wire["seq"] !== seq) return { exchange: { kind: "protocol-error", message: `reply seq ${JSON.stringify(wire["seq"])} does not match ${seq}` }, stderr: "" };
      const kind = ["result", "skipped", "errored"].find((k) => k in wire);
      if (kind === undefined) return { exchange: { kind: "protocol-error", message: "reply has none of result, skipped, errored" }, stderr: "" };
      const ok = check(REPLY_SCHEMAS[kind]!, wire);
      if (!ok.ok) return { exchange: { kind: "protocol-error", message: `invalid ${kind} reply: ${describeErrors(ok.errors)}` }, stderr: "" };
      if (kind === "result") return { exchange: { kind: "result", result: wire["result"] as Record<string, unknown> }, stderr: "" };
      if (kind === "skipped") return { exchange: { kind: "skipped", reason: (wire["skipped"] as { reason: string }).reason }, stderr: "" };
      return { exchange: { kind: "errored", message: (wire["errored"] as { message: string }).message }, stderr: "" };
    } catch (err) {
      return { exchange: { kind: "crash", message: `reference threw: ${(err as Error).message}` }, stderr: "" };
    } finally {
      clearTimeout(timer);
    }
  }

  drainStderr(): string {
    return "";
  }

  async close(): Promise<void> {}
}

/**
 * The suite's cases. Loading (parsing, checking, hashing ~2000 cases) takes ~4 s, and Stryker
 * re-runs this file for every mutant, so under Stryker the loaded cases are kept in the
 * sandbox (a copy of the kit made for this run, which does not change during it).
 */
async function suiteCases(): Promise<LoadedCase[]> {
  const underStryker = process.env["STRYKER_MUTATOR_WORKER"] !== undefined;
  const cache = join(KIT_ROOT, ".papc-mutation-cases.json");
  if (underStryker) {
    try {
      return JSON.parse(await readFile(cache, "utf8")) as LoadedCase[];
    } catch {
      // not written yet
    }
  }
  const set = await loadCases(join(KIT_ROOT, "cases"), KIT_ROOT);
  if (set.problems.length > 0) throw new Error(`the suite does not load cleanly; run papc lint:\n${JSON.stringify(set.problems, null, 2)}`);
  if (underStryker) {
    const partial = `${cache}.${process.pid}.${process.env["STRYKER_MUTATOR_WORKER"]}`;
    await writeFile(partial, JSON.stringify(set.cases));
    await rename(partial, cache);
  }
  return set.cases;
}

/**
 * Fixtures of read-only operations (their definition's `readsOnly`: the validator, the loader and
 * the composer contain no call that writes a file, so no mutant of them can change a tree; the
 * cases with `expect.fixture.unchanged` would catch it) are materialized once per Stryker worker
 * and reused by every later run of the same case: writing and removing the tree is most of a
 * validate case's time. Dispatch handlers write captures into their fixture: those cases get a
 * fresh tree each time.
 */
const reusable = (c: LoadedCase): boolean => operationNamed(c.operation)?.readsOnly === true;
const worker = process.env["STRYKER_MUTATOR_WORKER"];
// Inside Stryker's sandbox (KIT_ROOT is the sandbox's copy of the kit), which Stryker removes
// after the run; one pool per worker, so no two processes share a tree.
const pool = worker === undefined ? undefined : join(KIT_ROOT, ".papc-mutation-fixtures", `w${worker}`);

async function leaseFixture(c: LoadedCase): Promise<FixtureLease | undefined> {
  if (pool === undefined || !reusable(c)) return undefined;
  const root = join(pool, c.hash);
  const done = `${root}.done`;
  if (existsSync(done)) return { root, materialized: true };
  // a tree left half-made by a killed run is made again from scratch
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  return { root, materialized: false, onMaterialized: () => writeFile(done, "") };
}

const RUN_OPTIONS: CaseRunOptions = { timeoutMs: CASE_TIMEOUT_MS, baseline: {}, leaseFixture };

const only = process.env["PAPC_MUTATION_CASES"] ? new RegExp(process.env["PAPC_MUTATION_CASES"]) : undefined;
const operations = process.env["PAPC_MUTATION_OPERATIONS"]?.split(",").filter(Boolean);
// Live cases, and multi-step cases with live steps, need the real pinned harnesses (seconds
// each, per mutant): they are not part of mutation testing.
const cases = (await suiteCases()).filter((c) => c.live === undefined && (operations === undefined || operations.includes(c.operation)) && (only === undefined || only.test(c.id)));
const impl = new InProcessReference();

for (const c of cases) {
  it(c.id, async () => {
    const record = await runCase(c, impl, RUN_OPTIONS);
    expect(record.outcome, record.message ?? "").toBe("pass");
  });
}
