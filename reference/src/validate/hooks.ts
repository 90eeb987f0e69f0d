// Static rules of hook descriptors (SPEC.md 3.10): ids, the same-package tool, admitted
// combinations, matcher scope, bindings (bindings.ts), failure policy and fallback rules.

import { checkBindings } from "./bindings.js";
import { admittedEffects, isAdmitted, isControlling } from "./hook-combinations.js";
import { pointerFrom } from "../json-pointer.js";
import type { ManifestHook, ManifestTool } from "../manifest-types.js";
import { type ContractFinding, invalid } from "./messages/index.js";
import { compareUtf8 } from "../manifest-types.js";

export const MAX_MATCHER_NAME_BYTES = 512;
// C0, DEL and C1 controls (Rust's char::is_control, which the published reference uses).
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export interface HooksResult {
  findings: ContractFinding[];
  /** Report records, sorted by source_ref. */
  records: Record<string, unknown>[];
}

export function checkHooks(hooks: readonly ManifestHook[], tools: ReadonlyMap<string, ManifestTool>, packageRef: string): HooksResult {
  const findings: ContractFinding[] = [];
  const records: Record<string, unknown>[] = [];
  const ids = new Set<string>();

  for (const [index, hook] of hooks.entries()) {
    const at = (...rest: (string | number)[]) => pointerFrom(["hook", index, ...rest]);
    const label = JSON.stringify(hook.id);
    if (ids.has(hook.id)) findings.push(invalid(`hook id ${label} is declared more than once in this package`, at("id")));
    ids.add(hook.id);
    if (hook.id.includes("--")) findings.push(invalid(`hook id ${label} must not contain "--" (lower kebab case)`, at("id")));

    const tool = tools.get(hook.tool);
    if (!tool) findings.push(invalid(`hook ${label} names tool ${JSON.stringify(hook.tool)}, which this package does not declare`, at("tool")));

    if (!isAdmitted(hook.subject, hook.phase, hook.effect)) {
      const effects = admittedEffects(hook.subject, hook.phase);
      const admitted = effects.length === 0 ? `${hook.subject}/${hook.phase} is not an admitted subject/phase` : `${hook.subject}/${hook.phase} admits ${effects.join(", ")}`;
      findings.push(invalid(`hook ${label} combines ${hook.subject}/${hook.phase} with effect ${hook.effect}, which draft 0.1 does not admit (${admitted})`, at("effect")));
    }

    const names = hook.matcher?.tool_names ?? [];
    if (names.length > 0 && hook.subject !== "tool_call") {
      findings.push(invalid(`hook ${label} has matcher.tool_names, which is valid only for the tool_call subject`, at("matcher", "tool_names")));
    }
    for (const [nameIndex, name] of names.entries()) {
      // Stryker disable next-line StringLiteral: Buffer.byteLength counts UTF-8 without an encoding
      if (Buffer.byteLength(name, "utf8") > MAX_MATCHER_NAME_BYTES) {
        findings.push(invalid(`hook ${label} matcher name is longer than ${MAX_MATCHER_NAME_BYTES} UTF-8 bytes`, at("matcher", "tool_names", nameIndex)));
      }
      if (CONTROL.test(name)) findings.push(invalid(`hook ${label} matcher name ${JSON.stringify(name)} contains a control character`, at("matcher", "tool_names", nameIndex)));
    }

    findings.push(...checkBindings(hook, index, tool));

    if (hook.failure_policy === "fail_closed" && !isControlling(hook.phase, hook.effect)) {
      findings.push(
        invalid(
          `hook ${label} declares fail_closed, which is valid only for pre-action enforcement (before + allow_deny/rewrite_input) or completion control (completion_attempt + continue_workflow)`,
          at("failure_policy"),
        ),
      );
    }
    if ((hook.effect === "observe" || hook.effect === "replace_output") && hook.failure_policy !== "report") {
      findings.push(invalid(`hook ${label} has effect ${hook.effect}, which requires failure_policy = "report"`, at("failure_policy")));
    }
    if (hook.requirement === "optional" && hook.fallback !== "omit") {
      findings.push(invalid(`optional hook ${label} must declare fallback = "omit"`, at("requirement")));
    }
    if (hook.requirement === "required" && hook.fallback !== undefined) {
      findings.push(invalid(`required hook ${label} must not declare a fallback`, at("fallback")));
    }

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
