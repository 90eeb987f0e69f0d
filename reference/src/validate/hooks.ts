// Static rules of hook descriptors (SPEC.md 3.10): ids, the same-package tool, admitted
// combinations, matcher scope, bindings (bindings.ts), failure policy and fallback rules.

import { checkBindings } from "./bindings.js";
import { admittedEffects, isAdmitted, isControlling } from "./hook-combinations.js";
import type { ManifestHook, ManifestTool } from "../manifest-types.js";
import type { HookProblem } from "./messages/hooks.js";
import { compareUtf8 } from "../manifest-types.js";

export const MAX_MATCHER_NAME_BYTES = 512;
// C0, DEL and C1 controls (Rust's char::is_control, which the published reference uses).
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export interface HooksResult {
  findings: HookProblem[];
  /** Report records, sorted by source_ref. */
  records: Record<string, unknown>[];
}

export function checkHooks(hooks: readonly ManifestHook[], tools: ReadonlyMap<string, ManifestTool>, packageRef: string): HooksResult {
  const findings: HookProblem[] = [];
  const records: Record<string, unknown>[] = [];
  const ids = new Set<string>();

  for (const [index, hook] of hooks.entries()) {
    const id = hook.id;
    if (ids.has(id)) findings.push({ code: "invalid_plugin_package", kind: "hook-id-repeated", hook: index, id });
    ids.add(id);
    if (id.includes("--")) findings.push({ code: "invalid_plugin_package", kind: "hook-id-double-hyphen", hook: index, id });

    const tool = tools.get(hook.tool);
    if (!tool) findings.push({ code: "invalid_plugin_package", kind: "hook-tool-undeclared", hook: index, id, tool: hook.tool });

    const { subject, phase, effect } = hook;
    if (!isAdmitted(subject, phase, effect)) {
      findings.push({ code: "invalid_plugin_package", kind: "hook-combination", hook: index, id, subject, phase, effect, admitted: admittedEffects(subject, phase) });
    }

    const names = hook.matcher?.tool_names ?? [];
    if (names.length > 0 && hook.subject !== "tool_call") findings.push({ code: "invalid_plugin_package", kind: "hook-matcher-subject", hook: index, id });
    for (const [entry, name] of names.entries()) {
      // Stryker disable next-line StringLiteral: Buffer.byteLength counts UTF-8 without an encoding
      if (Buffer.byteLength(name, "utf8") > MAX_MATCHER_NAME_BYTES) {
        findings.push({ code: "invalid_plugin_package", kind: "hook-matcher-name-length", hook: index, id, entry, maxBytes: MAX_MATCHER_NAME_BYTES });
      }
      if (CONTROL.test(name)) findings.push({ code: "invalid_plugin_package", kind: "hook-matcher-name-control", hook: index, id, entry, name });
    }

    findings.push(...checkBindings(hook, index, tool));

    if (hook.failure_policy === "fail_closed" && !isControlling(hook.phase, hook.effect)) {
      findings.push({ code: "invalid_plugin_package", kind: "hook-fail-closed", hook: index, id });
    }
    if ((hook.effect === "observe" || hook.effect === "replace_output") && hook.failure_policy !== "report") {
      findings.push({ code: "invalid_plugin_package", kind: "hook-effect-policy", hook: index, id, effect: hook.effect });
    }
    if (hook.requirement === "optional" && hook.fallback !== "omit") findings.push({ code: "invalid_plugin_package", kind: "hook-optional-fallback", hook: index, id });
    if (hook.requirement === "required" && hook.fallback !== undefined) findings.push({ code: "invalid_plugin_package", kind: "hook-required-fallback", hook: index, id });

    const descriptor: Record<string, unknown> = {
      schema_version: hook.schema_version,
      id: hook.id,
      tool: hook.tool,
      subject: hook.subject,
      phase: hook.phase,
      effect: hook.effect,
      requirement: hook.requirement,
      timeout_ms: hook.timeout_ms,
      failure_policy: hook.failure_policy,
      retry: hook.retry,
      error_visibility: hook.error_visibility,
      matcher: { tool_names: [...names] },
      bindings: (hook.bindings ?? []).map((binding) => ({ input: binding.input, field: binding.field })),
      blocking_scope: hook.blocking_scope,
    };
    // Stryker disable next-line ConditionalExpression: a fallback: undefined is dropped by JSON
    if (hook.fallback !== undefined) descriptor["fallback"] = hook.fallback;
    records.push({ source_ref: hookRef(packageRef, hook.id), descriptor, tool_source_ref: `${packageRef}#tool:${hook.tool}` });
  }
  records.sort((left, right) => compareUtf8(String(left["source_ref"]), String(right["source_ref"])));
  return { findings, records };
}

export function hookRef(packageRef: string, hookId: string): string {
  return `${packageRef}#hook:${hookId}`;
}
