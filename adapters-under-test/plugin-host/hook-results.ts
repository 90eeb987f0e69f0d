// Portable hook results (SPEC 5.4): the shape of a result and which kinds each effect admits.

export type PortableResult =
  | { kind: "abstain" }
  | { kind: "observe" }
  | { kind: "add_context"; context: string }
  | { kind: "allow" }
  | { kind: "deny"; reason: string }
  | { kind: "rewrite_input"; input: Record<string, unknown> }
  | { kind: "replace_output"; output: unknown }
  | { kind: "continue_workflow"; reason: string };

/** The fields each kind carries (exactly these besides `kind`). */
const FIELDS: Record<PortableResult["kind"], readonly string[]> = {
  abstain: [],
  observe: [],
  add_context: ["context"],
  allow: [],
  deny: ["reason"],
  rewrite_input: ["input"],
  replace_output: ["output"],
  continue_workflow: ["reason"],
};

/** Table 5.4: the effect that admits each kind (abstain: every effect). */
const ADMITTED_BY: Record<PortableResult["kind"], string | "*"> = {
  abstain: "*",
  observe: "observe",
  add_context: "add_context",
  allow: "allow_deny",
  deny: "allow_deny",
  rewrite_input: "rewrite_input",
  replace_output: "replace_output",
  continue_workflow: "continue_workflow",
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export type CheckedResult = { ok: true; result: PortableResult } | { ok: false; code: "hook_result_malformed" | "hook_result_incompatible" };

/** Checks a handler's answer: well-formed (5.4 shape) and admitted by the hook's effect. */
export function checkResult(answer: unknown, effect: string): CheckedResult {
  if (!isObject(answer) || typeof answer["kind"] !== "string" || !Object.hasOwn(FIELDS, answer["kind"])) return { ok: false, code: "hook_result_malformed" };
  const kind = answer["kind"] as PortableResult["kind"];
  const fields = FIELDS[kind];
  const keys = Object.keys(answer).filter((k) => k !== "kind");
  if (keys.length !== fields.length || !fields.every((f) => keys.includes(f))) return { ok: false, code: "hook_result_malformed" };
  if (kind === "add_context" && (typeof answer["context"] !== "string" || answer["context"].includes("\0"))) return { ok: false, code: "hook_result_malformed" };
  if ((kind === "deny" || kind === "continue_workflow") && (typeof answer["reason"] !== "string" || answer["reason"].trim() === "" || answer["reason"].includes("\0")))
    return { ok: false, code: "hook_result_malformed" };
  if (kind === "rewrite_input" && !isObject(answer["input"])) return { ok: false, code: "hook_result_malformed" };
  const admittedBy = ADMITTED_BY[kind];
  if (admittedBy !== "*" && admittedBy !== effect) return { ok: false, code: "hook_result_incompatible" };
  return { ok: true, result: answer as PortableResult };
}
