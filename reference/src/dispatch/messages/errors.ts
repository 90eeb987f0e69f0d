// What ends a dispatch or a projection before any hook runs: a request the dispatcher cannot
// serve, a package it cannot use (./load.ts), or an internal error. A dispatcher error is one
// bounded line on stderr, exit 1 and nothing on stdout (../dispatch.ts).

import { quote, type Wordings, wordBy } from "../../wording.js";
import type { Harness } from "../types.js";
import { LOAD_WORDING, type LoadProblem } from "./load.js";

export type RequestProblem =
  | { kind: "request-provider-unknown"; provider: string }
  /** The projection's format is not one of `formats`, those of the harness. */
  | { kind: "request-format-unavailable"; format: string | undefined; harness: Harness; formats: readonly string[] }
  | { kind: "request-event-not-json" }
  | { kind: "request-event-not-object" }
  | { kind: "request-event-unnamed" }
  | { kind: "request-hook-unknown"; plugin: string; hook: string };

/** A broken assumption of the dispatcher's own code: thrown as an InternalError. */
export type InternalProblem = { kind: "internal-hook-tool-unlisted"; hook: unknown } | { kind: "internal-no-pipes" };

/** Whatever was thrown out of a dispatch (an InternalError or not), with its text. */
export type CaughtError = { kind: "internal-error"; error: string };

/** Anything that ends a dispatch. */
export type DispatchProblem = RequestProblem | LoadProblem | CaughtError;

export const REQUEST_WORDING: Wordings<RequestProblem, "kind"> = {
  "request-provider-unknown": (p) => `unknown provider ${quote(p.provider)} (claude-code or codex)`,
  "request-format-unavailable": (p) => `format ${quote(p.format)} is not available for ${p.harness} (${p.formats.join(", ")})`,
  "request-event-not-json": () => "the native event on stdin is not JSON",
  "request-event-not-object": () => "the native event on stdin is not a JSON object",
  "request-event-unnamed": () => "the native event has no hook_event_name string",
  "request-hook-unknown": (p) => `package ${quote(p.plugin)} has no hook ${quote(p.hook)}`,
};

export const INTERNAL_WORDING: Wordings<InternalProblem | CaughtError, "kind"> = {
  "internal-hook-tool-unlisted": (p) => `validated hook ${String(p.hook)} names a tool the report does not list`,
  "internal-no-pipes": () => "spawn() returned no stdout/stderr pipe",
  "internal-error": (p) => `internal error: ${p.error}`,
};

const DISPATCH_WORDING: Wordings<DispatchProblem, "kind"> = { ...REQUEST_WORDING, ...LOAD_WORDING, "internal-error": INTERNAL_WORDING["internal-error"] };

/** The text of what ended a dispatch or projection, before it is bounded. Throws for a kind that has no wording. */
export function problemText(problem: DispatchProblem): string {
  return wordBy(DISPATCH_WORDING, problem, "kind");
}

/** The dispatcher's stderr for a dispatcher error; `text` is problemText(), bounded. */
export function dispatchErrorLine(text: string): string {
  return `pap-reference hook dispatch: ${text}\n`;
}

/** An error of the dispatcher's own code, worded here; the dispatcher reports it as an internal error. */
export class InternalError extends Error {
  constructor(readonly problem: InternalProblem) {
    super(wordBy(INTERNAL_WORDING, problem, "kind"));
  }
}
