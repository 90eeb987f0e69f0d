// The dispatcher's wording (reference/src/dispatch/messages/): every kind of failure and problem
// has a wording in exactly one area, renders, and a kind without wording stops the dispatcher
// instead of reaching a response.

import { describe, expect, it } from "vitest";
import { type CaughtError, type DispatchProblem, InternalError, type InternalProblem, problemText, type RequestProblem } from "../src/dispatch/messages/errors.js";
import { type Failure, failedReason, failureDetail, failureLine } from "../src/dispatch/messages/failures.js";
import { AREAS } from "../src/dispatch/messages/index.js";
import { type LoadProblem, loadText } from "../src/dispatch/messages/load.js";

/** One value per kind of `T`: the compiler refuses a kind without its sample. */
type Samples<T extends { kind: string }> = { [K in T["kind"]]: Extract<T, { kind: K }> };

const LOADS: Samples<LoadProblem> = {
  "load-source-unusable": { kind: "load-source-unusable", why: undefined },
  "load-package-invalid": { kind: "load-package-invalid", plugin: "p", code: "invalid_plugin_package", message: "bad\nmanifest" },
  "load-package-missing": { kind: "load-package-missing", plugin: "p" },
};

const FAILURES: Samples<Failure> = {
  "binding-missing": { code: "hook_binding_missing", kind: "binding-missing", field: "tool.name", input: "name" },
  "handler-python-missing": { code: "hook_handler_failed", kind: "handler-python-missing" },
  "handler-not-started": { code: "hook_handler_failed", kind: "handler-not-started", stage: "event-file", error: "ENOENT" },
  "handler-signal": { code: "hook_handler_failed", kind: "handler-signal", signal: "SIGTERM" },
  "handler-exit-status": { code: "hook_handler_failed", kind: "handler-exit-status", status: 3 },
  "handler-no-result": { code: "hook_handler_failed", kind: "handler-no-result" },
  "handler-timeout": { code: "hook_handler_timeout", kind: "handler-timeout", timeoutMs: 150 },
  "handler-output-too-large": { code: "hook_output_too_large", kind: "handler-output-too-large", maxBytes: 4194304 },
  "result-not-utf8": { code: "hook_result_malformed", kind: "result-not-utf8" },
  "result-empty": { code: "hook_result_malformed", kind: "result-empty" },
  "result-not-json": { code: "hook_result_malformed", kind: "result-not-json" },
  "result-not-object": { code: "hook_result_malformed", kind: "result-not-object" },
  "result-kind-unknown": { code: "hook_result_malformed", kind: "result-kind-unknown" },
  "result-fields": { code: "hook_result_malformed", kind: "result-fields", resultKind: "deny", fields: ["reason"] },
  "result-text-type": { code: "hook_result_malformed", kind: "result-text-type", resultKind: "deny", field: "reason" },
  "result-text-nul": { code: "hook_result_malformed", kind: "result-text-nul", resultKind: "deny", field: "reason" },
  "result-text-size": { code: "hook_output_too_large", kind: "result-text-size", resultKind: "add_context", field: "context", maxBytes: 16384 },
  "result-text-blank": { code: "hook_result_malformed", kind: "result-text-blank", resultKind: "deny", field: "reason" },
  "result-input-type": { code: "hook_result_malformed", kind: "result-input-type" },
  "result-input-size": { code: "hook_output_too_large", kind: "result-input-size", maxBytes: 1048576 },
  "result-effect": { code: "hook_result_incompatible", kind: "result-effect", resultKind: "deny", effect: "observe" },
  "result-replace-unsupported": { code: "hook_result_incompatible", kind: "result-replace-unsupported", harness: "codex", event: "PostToolUse" },
  "trust-refused": { code: "hook_not_trusted", kind: "trust-refused", refusal: "no current grant" },
  "trust-package-invalid": { code: "hook_not_trusted", kind: "trust-package-invalid", problem: LOADS["load-package-missing"] },
  "conflict-rewrite": { code: "hook_conflict", kind: "conflict-rewrite", hooks: ["a", "b", "c"] },
  "conflict-replace": { code: "hook_conflict", kind: "conflict-replace", hooks: ["a", "b"] },
};

const REQUESTS: Samples<RequestProblem> = {
  "request-provider-unknown": { kind: "request-provider-unknown", provider: "vim" },
  "request-format-unavailable": { kind: "request-format-unavailable", format: "yaml", harness: "codex", formats: ["config-toml", "hooks-json"] },
  "request-event-not-json": { kind: "request-event-not-json" },
  "request-event-not-object": { kind: "request-event-not-object" },
  "request-event-unnamed": { kind: "request-event-unnamed" },
  "request-hook-unknown": { kind: "request-hook-unknown", plugin: "p", hook: "gate" },
};

const INTERNALS: Samples<InternalProblem> = {
  "internal-hook-tool-unlisted": { kind: "internal-hook-tool-unlisted", hook: "gate" },
  "internal-no-pipes": { kind: "internal-no-pipes" },
};

const CAUGHT: Samples<CaughtError> = { "internal-error": { kind: "internal-error", error: "boom" } };

describe("dispatcher messages", () => {
  it("give every kind to exactly one area, named with its area's prefix", () => {
    const all = Object.values(AREAS).flatMap((table) => Object.keys(table));
    expect(new Set(all).size).toBe(all.length);
    for (const kind of all) expect(kind).toMatch(/^(binding|handler|result|trust|conflict|load|request|internal)(-[a-z0-9]+)+$/);
    const sampled = [FAILURES, LOADS, REQUESTS, INTERNALS, CAUGHT].flatMap((samples) => Object.keys(samples));
    expect(sampled.sort()).toEqual([...all].sort());
  });

  it("word every failure as one detail, and the lines built from it", () => {
    for (const failure of Object.values(FAILURES)) expect(failureDetail(failure)).not.toBe("");
    expect(failureDetail(FAILURES["handler-timeout"])).toBe("no result within 150 ms; process group killed");
    expect(failureDetail(FAILURES["conflict-rewrite"])).toBe("rewrite_input results differ between hooks `a`, `b` and `c`");
    expect(failureLine("gate", "hook_handler_timeout", "x")).toBe("hook `gate`: hook_handler_timeout (x)");
    expect(failedReason("gate", undefined)).toBe("hook `gate` failed");
    expect(failedReason("gate", "hook_conflict")).toContain("hook_conflict");
  });

  it("word every problem that ends a dispatch, a load problem as one bounded line", () => {
    const problems: DispatchProblem[] = [...Object.values(REQUESTS), ...Object.values(LOADS), ...Object.values(CAUGHT)];
    for (const problem of problems) expect(problemText(problem)).not.toBe("");
    for (const problem of Object.values(LOADS)) expect(loadText(problem)).not.toMatch(/\n/);
    expect(loadText({ kind: "load-package-invalid", plugin: "p", code: "c", message: "x".repeat(1000) })).toHaveLength(400);
    for (const problem of Object.values(INTERNALS)) expect(new InternalError(problem).message).not.toBe("");
  });

  it("refuse a kind they do not word", () => {
    expect(() => failureDetail({ code: "hook_handler_failed", kind: "" } as unknown as Failure)).toThrow(/no wording/);
    expect(() => failureDetail({ ...FAILURES["handler-not-started"], stage: "" } as unknown as Failure)).toThrow(/no wording/);
    expect(() => problemText({ kind: "" } as unknown as DispatchProblem)).toThrow(/no wording/);
  });
});
