// Findings about a package's hook descriptors and their bindings (reference/src/validate/hooks.ts
// and bindings.ts, SPEC.md 3.10), and why a pinned provider cannot honour an admitted hook
// (hook-combinations.ts, SPEC.md 3.11).

import { pointerFrom } from "../../messages/json-pointer.js";
import type { BindingField, HookEffect, HookPhase, HookSubject, InputType } from "../../manifest-types.js";
import { FIELD_TYPES } from "../bindings.js";
import type { Provider } from "../hook-combinations.js";
import { type Messages, phrase, quote, type Wordings, wordBy } from "./wording.js";

// Every variant names the hook by its position in the manifest (`hook`) and its id.
type Hook = { hook: number; id: string };
type Binding = Hook & { binding: number };
type MatcherName = Hook & {
  /** Position in matcher.tool_names. */
  entry: number;
};

export type HookProblem =
  | ({ code: "invalid_plugin_package"; kind: "hook-id-repeated" } & Hook)
  | ({ code: "invalid_plugin_package"; kind: "hook-id-double-hyphen" } & Hook)
  | ({ code: "invalid_plugin_package"; kind: "hook-tool-undeclared"; tool: string } & Hook)
  | ({
      code: "invalid_plugin_package";
      kind: "hook-combination";
      subject: HookSubject;
      phase: HookPhase;
      effect: HookEffect;
      /** The effects admitted for this subject/phase (none when the pair itself is not admitted). */
      admitted: readonly HookEffect[];
    } & Hook)
  | ({ code: "invalid_plugin_package"; kind: "hook-matcher-subject" } & Hook)
  | ({ code: "invalid_plugin_package"; kind: "hook-matcher-name-length"; maxBytes: number } & MatcherName)
  | ({ code: "invalid_plugin_package"; kind: "hook-matcher-name-control"; name: string } & MatcherName)
  | ({ code: "invalid_plugin_package"; kind: "hook-fail-closed" } & Hook)
  | ({ code: "invalid_plugin_package"; kind: "hook-effect-policy"; effect: HookEffect } & Hook)
  | ({ code: "invalid_plugin_package"; kind: "hook-optional-fallback" } & Hook)
  | ({ code: "invalid_plugin_package"; kind: "hook-required-fallback" } & Hook)
  | ({ code: "invalid_plugin_package"; kind: "hook-binding-repeated"; input: string } & Binding)
  | ({ code: "invalid_plugin_package"; kind: "hook-binding-field-unavailable"; field: BindingField; subject: HookSubject; phase: HookPhase } & Binding)
  | ({ code: "invalid_plugin_package"; kind: "hook-binding-input-unknown"; input: string; tool: string } & Binding)
  | ({ code: "invalid_plugin_package"; kind: "hook-binding-type"; field: BindingField; input: string; inputType: InputType } & Binding)
  | ({ code: "invalid_plugin_package"; kind: "hook-input-unbound"; input: string; tool: string } & Hook);

const at = (hook: number, ...rest: (string | number)[]) => pointerFrom(["hook", hook, ...rest]);
const label = (p: Hook) => quote(p.id);

export const HOOK_MESSAGES: Messages<HookProblem> = {
  "hook-id-repeated": (p) => ({ message: `hook id ${label(p)} is declared more than once in this package`, pointer: at(p.hook, "id") }),
  "hook-id-double-hyphen": (p) => ({ message: `hook id ${label(p)} must not contain "--" (lower kebab case)`, pointer: at(p.hook, "id") }),
  "hook-tool-undeclared": (p) => ({ message: `hook ${label(p)} names tool ${quote(p.tool)}, which this package does not declare`, pointer: at(p.hook, "tool") }),
  "hook-combination": (p) => {
    const pair = `${p.subject}/${p.phase}`;
    const admitted = p.admitted.length === 0 ? `${pair} is not an admitted subject/phase` : `${pair} admits ${p.admitted.join(", ")}`;
    return { message: `hook ${label(p)} combines ${pair} with effect ${p.effect}, which draft 0.1 does not admit (${admitted})`, pointer: at(p.hook, "effect") };
  },
  "hook-matcher-subject": (p) => ({
    message: `hook ${label(p)} has matcher.tool_names, which is valid only for the tool_call subject`,
    pointer: at(p.hook, "matcher", "tool_names"),
  }),
  "hook-matcher-name-length": (p) => ({
    message: `hook ${label(p)} matcher name is longer than ${p.maxBytes} UTF-8 bytes`,
    pointer: at(p.hook, "matcher", "tool_names", p.entry),
  }),
  "hook-matcher-name-control": (p) => ({
    message: `hook ${label(p)} matcher name ${quote(p.name)} contains a control character`,
    pointer: at(p.hook, "matcher", "tool_names", p.entry),
  }),
  "hook-fail-closed": (p) => ({
    message: `hook ${label(p)} declares fail_closed, which is valid only for pre-action enforcement (before + allow_deny/rewrite_input) or completion control (completion_attempt + continue_workflow)`,
    pointer: at(p.hook, "failure_policy"),
  }),
  "hook-effect-policy": (p) => ({ message: `hook ${label(p)} has effect ${p.effect}, which requires failure_policy = "report"`, pointer: at(p.hook, "failure_policy") }),
  "hook-optional-fallback": (p) => ({ message: `optional hook ${label(p)} must declare fallback = "omit"`, pointer: at(p.hook, "requirement") }),
  "hook-required-fallback": (p) => ({ message: `required hook ${label(p)} must not declare a fallback`, pointer: at(p.hook, "fallback") }),
  "hook-binding-repeated": (p) => ({
    message: `hook ${label(p)} binds input ${quote(p.input)} more than once`,
    pointer: at(p.hook, "bindings", p.binding, "input"),
  }),
  "hook-binding-field-unavailable": (p) => ({
    message: `hook ${label(p)} binds field ${p.field}, which ${p.subject}/${p.phase} events do not provide`,
    pointer: at(p.hook, "bindings", p.binding, "field"),
  }),
  "hook-binding-input-unknown": (p) => ({
    message: `hook ${label(p)} binds ${quote(p.input)}, which is not an input of tool ${quote(p.tool)}`,
    pointer: at(p.hook, "bindings", p.binding, "input"),
  }),
  "hook-binding-type": (p) => ({
    message: `hook ${label(p)} binds ${p.field} (${FIELD_TYPES[p.field]}) to input ${quote(p.input)} of type ${p.inputType}; the types must match`,
    pointer: at(p.hook, "bindings", p.binding, "field"),
  }),
  "hook-input-unbound": (p) => ({
    message: `hook ${label(p)} does not bind the required input ${quote(p.input)} of tool ${quote(p.tool)}`,
    pointer: at(p.hook),
  }),
};

/** Why a pinned provider cannot honour an admitted hook (hook-combinations.ts whyUnsupported). */
export type HookUnsupported =
  | { kind: "no-mapping"; provider: Provider; subject: HookSubject; phase: HookPhase; effect: HookEffect }
  | { kind: "session-end-audience" }
  | { kind: "stop-audience"; provider: Provider };

/** Why neither provider can promise a model_and_user report from Stop (SPEC 3.11). */
const STOP_AUDIENCE: Record<Provider, string> = {
  claude: "Claude's Stop context resumes the turn, so a report or fail_open failure cannot promise model_and_user delivery",
  codex: "Codex's Stop carries no model context and its systemMessage reaches no model request, so a report or fail_open failure cannot promise model_and_user delivery",
};

const UNSUPPORTED: Wordings<HookUnsupported, "kind"> = {
  "no-mapping": (r) => `${r.provider} has no mapping for ${r.subject}/${r.phase} with effect ${r.effect}`,
  "session-end-audience": () => "model-visible diagnostics cannot be delivered after SessionEnd",
  "stop-audience": (r) => phrase(STOP_AUDIENCE, r.provider),
};

/** The reason as projections and activation statuses report it. Throws for a kind that has no wording. */
export function unsupportedText(reason: HookUnsupported): string {
  return wordBy(UNSUPPORTED, reason, "kind");
}
