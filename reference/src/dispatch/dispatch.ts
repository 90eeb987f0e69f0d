// The reference hook dispatcher: one native event in, one native response out
// (SPEC chapter 5). `dispatch` never throws: anything that goes wrong
// outside a hook is a dispatcher error (exit 1, a bounded message on stderr, nothing on stdout).

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { errorText } from "../wording.js";
import { bindInputs, buildArgv } from "./bindings-extract.js";
import { bounded } from "./bounded.js";
import { compose } from "./compose.js";
import { incompatibility } from "./effect-compat.js";
import { subjectPhaseOf, type SubjectPhase } from "./event-map.js";
import { runHandler, MAX_STDOUT_BYTES, type RunOutcome } from "./handler-run.js";
import { invocationFor, type Environment } from "./invocation.js";
import { type DispatchProblem, dispatchErrorLine, problemText } from "./messages/errors.js";
import { failureDetail, notRunLine } from "./messages/failures.js";
import { nativeResponse } from "./native-response.js";
import { loadPackage, type HookPolicy, type HookSpec, type LoadedPackage } from "./package-load.js";
import { fromFailure, fromResult, type HookOutcome } from "./policy.js";
import { parseResult } from "./portable-result.js";
import type { Failure, Harness, NativePayload } from "./types.js";
import { isHarness } from "./types.js";

export interface DispatchRequest {
  /** Source directory holding plugins/<plugin>/PLUGIN.toml. */
  source: string;
  provider: string;
  plugin: string;
  /** Hook ids to consider (the harness projected them onto this event); default: all of the package's. */
  hooks?: readonly string[];
  /** The raw native payload, exactly as the harness wrote it on stdin. */
  event: Buffer | string;
  /** The dispatcher's environment: the source of the handlers' allow-listed variables and of PATH. */
  env: Environment;
  /**
   * Hooks the consumer may not start for want of a current grant, with the reason (SPEC 11.2).
   * A required one fails with `hook_not_trusted`, so its failure policy decides (a fail_closed
   * gate denies); an optional one is left out, as its `fallback = "omit"` allows, and said.
   */
  untrusted?: ReadonlyMap<string, string>;
  /**
   * Under a trust store, the requested hooks of this package the user approved, as they were
   * approved (SPEC 11.2, PAP-LIFE-TRUST-INVALID-PACKAGE): used when the package no longer
   * validates, so a required fail_closed gate of the approved version still denies instead of
   * failing open. Every one of them is untrusted; none runs.
   */
  approved?: readonly HookPolicy[];
}

export interface DispatchResult {
  exit: number;
  stdout: string;
  stderr: string;
}

/** What ends a dispatch before the hooks' answers are composed; dispatch() words it as a dispatcher error. */
class DispatchError extends Error {
  constructor(readonly problem: DispatchProblem) {
    super();
  }
}

function dispatcherError(problem: DispatchProblem): DispatchResult {
  return { exit: 1, stdout: "", stderr: dispatchErrorLine(bounded(problemText(problem))) };
}

function parsePayload(bytes: Buffer): { payload: NativePayload; event: string } {
  let value: unknown;
  try {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: the runner sends JSON of args.event, always valid UTF-8; no case can send invalid bytes
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new DispatchError({ kind: "request-event-not-json" });
  }
  // Stryker disable next-line LogicalOperator: a non-object has no hook_event_name, so the next check refuses it with the same exit 1 (null throws: exit 1 too)
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new DispatchError({ kind: "request-event-not-object" });
  const event = (value as NativePayload)["hook_event_name"];
  if (typeof event !== "string") throw new DispatchError({ kind: "request-event-unnamed" });
  return { payload: value as NativePayload, event };
}

function selectHooks(pkg: LoadedPackage, ids: readonly string[] | undefined): HookSpec[] {
  if (ids === undefined) return pkg.hooks;
  const wanted = new Set(ids);
  for (const id of wanted) {
    if (!pkg.hooks.some((hook) => hook.id === id)) throw new DispatchError({ kind: "request-hook-unknown", plugin: pkg.name, hook: id });
  }
  return pkg.hooks.filter((hook) => wanted.has(hook.id));
}

function applies(hook: HookPolicy, mapping: SubjectPhase, payload: NativePayload): boolean {
  if (hook.subject !== mapping.subject || hook.phase !== mapping.phase) return false;
  if (hook.tool_names.length === 0) return true;
  const name = payload["tool_name"];
  return typeof name === "string" && hook.tool_names.includes(name);
}

function runFailure(run: RunOutcome, timeoutMs: number): Failure | undefined {
  switch (run.kind) {
    case "timeout":
      return { code: "hook_handler_timeout", kind: "handler-timeout", timeoutMs };
    case "overflow":
      return { code: "hook_output_too_large", kind: "handler-output-too-large", maxBytes: MAX_STDOUT_BYTES };
    // Stryker disable next-line ConditionalExpression: falling through to "exited" (signal undefined !== null) gives the same hook_handler_failed
    case "spawn_error":
      return { code: "hook_handler_failed", kind: "handler-not-started", stage: run.stage, error: run.error };
    case "exited":
      if (run.signal !== null) return { code: "hook_handler_failed", kind: "handler-signal", signal: run.signal };
      if (run.code !== 0) return { code: "hook_handler_failed", kind: "handler-exit-status", status: run.code };
      return undefined;
  }
}

/** Why a hook may not run: the consumer's trust check refused it, or its package no longer validates. */
type NotTrusted = Extract<Failure, { code: "hook_not_trusted" }>;

interface HookContext {
  harness: Harness;
  event: string;
  payload: NativePayload;
  stdinFile: string;
  toolRoot: string;
  env: Environment;
}

async function runHook(hook: HookSpec, ctx: HookContext): Promise<HookOutcome> {
  const bound = bindInputs(hook, ctx.payload);
  if (!bound.ok) return fromFailure(hook, bound.failure);
  const invocation = invocationFor(hook.tool, ctx.toolRoot, buildArgv(hook.tool.argv, bound.values), ctx.env);
  if (!invocation.ok) return fromFailure(hook, invocation.failure);
  const run = await runHandler(invocation.invocation, ctx.stdinFile, hook.timeout_ms);
  const failure = runFailure(run, hook.timeout_ms);
  // Stryker disable next-line ObjectLiteral: `run.kind !== "exited"` is TypeScript narrowing only; runFailure returns a failure for every other kind
  if (failure || run.kind !== "exited") return fromFailure(hook, failure ?? { code: "hook_handler_failed", kind: "handler-no-result" });
  const parsed = parseResult(run.stdout);
  if (!parsed.ok) return fromFailure(hook, parsed.failure);
  const incompatible = incompatibility(hook.effect, parsed.result, ctx.harness, ctx.event);
  if (incompatible) return fromFailure(hook, incompatible);
  return fromResult(hook.id, parsed.result);
}

async function runDispatch(request: DispatchRequest): Promise<DispatchResult> {
  const harness = request.provider;
  if (!isHarness(harness)) throw new DispatchError({ kind: "request-provider-unknown", provider: harness });
  const bytes = typeof request.event === "string" ? Buffer.from(request.event, "utf8") : request.event;
  const { payload, event } = parsePayload(bytes);

  const loaded = await loadPackage(request.source, request.plugin);
  // Without approved hooks to stand in for it, a package that does not validate is a dispatcher error.
  if (!loaded.ok && (request.approved ?? []).length === 0) throw new DispatchError(loaded.problem);
  const mapping = subjectPhaseOf(harness, event);
  const matches = <T extends HookPolicy>(hooks: readonly T[]): T[] => (mapping ? hooks.filter((hook) => applies(hook, mapping, payload)) : []);

  const outcomes: HookOutcome[] = [];
  const omitted: string[] = [];
  // A hook that may not run: a required one fails (its policy decides), an optional one is left out and said.
  const refuse = (hook: HookPolicy, refusal: NotTrusted): void => {
    if (hook.requirement === "required") outcomes.push(fromFailure(hook, refusal));
    else omitted.push(notRunLine(hook.id, failureDetail(refusal)));
  };
  if (!loaded.ok) {
    // The package changed into one that does not validate: nothing of it is trusted now, and the
    // approved version says which gates it had.
    for (const hook of matches(request.approved ?? [])) refuse(hook, { code: "hook_not_trusted", kind: "trust-package-invalid", problem: loaded.problem });
    return respond(harness, event, outcomes, omitted);
  }
  const matching = matches(selectHooks(loaded.pkg, request.hooks));
  if (matching.length > 0) {
    // Stryker disable next-line StringLiteral: the temp dir's name prefix is not observable
    const dir = await mkdtemp(join(tmpdir(), "pap-dispatch-"));
    try {
      const stdinFile = join(dir, "event.json");
      // Stryker disable next-line ObjectLiteral: the handler cannot observe the event file's mode (it gets the file as its stdin fd)
      await writeFile(stdinFile, bytes, { mode: 0o600 });
      const ctx: HookContext = { harness, event, payload, stdinFile, toolRoot: loaded.pkg.dir, env: request.env };
      // One after another in hook-identity order: deterministic, and the projected native
      // timeout is the sum of the hooks' timeouts.
      // Stryker disable BlockStatement: a temp dir left behind is file-system hygiene the handler cannot observe
      for (const hook of matching) {
        const refusal = request.untrusted?.get(hook.id);
        if (refusal === undefined) outcomes.push(await runHook(hook, ctx));
        else refuse(hook, { code: "hook_not_trusted", kind: "trust-refused", refusal });
      }
    } finally {
      // Stryker restore BlockStatement
      await rm(dir, { recursive: true, force: true });
    }
  }

  return respond(harness, event, outcomes, omitted);
}

/** The native answer to the outcomes of the hooks, with the omission lines on the user channel. */
function respond(harness: Harness, event: string, outcomes: HookOutcome[], omitted: readonly string[]): DispatchResult {
  const composed = compose(event, outcomes);
  const userLines = [...composed.diagnostics, ...omitted];
  // Stryker disable next-line StringLiteral: stderr text on events other than SessionEnd is not normative; on SessionEnd only the exit code and diagnostics present matter
  const stderr = userLines.length > 0 ? userLines.join("\n") + "\n" : "";
  if (event === "SessionEnd") {
    // Both harnesses ignore SessionEnd stdout: a failure can only be reported by the exit code.
    return composed.diagnostics.length > 0 ? { exit: 1, stdout: "", stderr } : { exit: 0, stdout: "{}\n", stderr };
  }
  // Stryker disable next-line StringLiteral: the newline after the JSON response; stdout is compared as parsed JSON
  return { exit: 0, stdout: JSON.stringify(nativeResponse(harness, event, composed)) + "\n", stderr };
}

export async function dispatch(request: DispatchRequest): Promise<DispatchResult> {
  try {
    return await runDispatch(request);
  } catch (error) {
    // Stryker disable next-line ConditionalExpression: DispatchError or not only changes the message; both are exit 1 with empty stdout
    if (error instanceof DispatchError) return dispatcherError(error.problem);
    return dispatcherError({ kind: "internal-error", error: errorText(error) });
  }
}
