// Projection: the native hook configuration that makes a harness call the reference
// dispatcher for a package's hooks (SPEC 6.2).
// One native group per native event, whose command dispatches every supported hook mapped to
// that event, so composition (deny wins, conflicts) happens in one dispatcher run.
// Unsupported hooks (SPEC 3.11): a required one refuses the whole projection, an optional one
// (fallback = "omit") is left out and listed.

import { resolve } from "node:path";
import { stringify as stringifyToml } from "smol-toml";
import { unsupportedReason } from "../validate/hook-combinations.js";
import { kitPath } from "../../../runner/shared/kit-root.js";
import { compareUtf8 } from "../manifest-types.js";
import { nativeEventsFor } from "./event-map.js";
import { problemText, type RequestProblem } from "./messages/errors.js";
import { loadText } from "./messages/load.js";
import { loadPackage, type HookSpec } from "./package-load.js";
import { reportProvider } from "./report-provider.js";
import { isHarness, type Harness } from "./types.js";

export type Format = "settings-json" | "config-toml" | "hooks-json";

/** The formats offered for a harness, its default first (a function, not a constant: evaluated at each request). */
function formatsFor(harness: Harness): readonly Format[] {
  // settings-json and hooks-json are both {"hooks": {…}}
  return harness === "codex" ? ["config-toml", "hooks-json"] : ["settings-json", "hooks-json"];
}

export interface NativeHandler {
  type: "command";
  command: string;
  /** Seconds (Claude Code and Codex 0.147.0 both read `timeout` in seconds). */
  timeout: number;
}

export interface NativeGroup {
  matcher?: string;
  hooks: NativeHandler[];
}

export interface NativeConfig {
  hooks: Record<string, NativeGroup[]>;
}

export interface Omission {
  hook: string;
  reason: string;
}

export interface ProjectRequest {
  provider: string;
  source: string;
  plugin: string;
  /** Shell command prefix that runs pap-reference (default: this Node and this kit's built cli.js). */
  dispatcher?: string;
  format?: string;
  /**
   * The consumer's state directory: each command dispatches under the trust store there
   * (SPEC 11.2), so a hook whose grant lapsed after projection is refused when its event fires.
   */
  stateDir?: string;
}

export type ProjectResult =
  | { kind: "usage"; message: string }
  | { kind: "error"; message: string }
  | { kind: "projection"; format: Format; config: NativeConfig | null; text: string; omitted: Omission[]; refused: Omission[] };

/** POSIX shell quoting: safe words as they are, anything else in single quotes. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function regexEscape(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
}

/** `^(A|B)$` over the exact names, or none when some hook matches every tool. */
export function nativeMatcher(hooks: readonly HookSpec[]): string | undefined {
  // an event has at least one hook, so past this line there is at least one name
  if (hooks.some((hook) => hook.tool_names.length === 0)) return undefined;
  const names = [...new Set(hooks.flatMap((hook) => hook.tool_names))];
  // Stryker disable next-line MethodExpression: the alternation selects the same names in any order; the order only keeps the text stable
  names.sort(compareUtf8);
  return `^(${names.map(regexEscape).join("|")})$`;
}

export function defaultDispatcher(): string {
  return `${shellQuote(process.execPath)} ${shellQuote(kitPath("dist", "reference", "src", "cli.js"))}`;
}

/** Hooks run one after another: the native timeout covers all of them plus a second for the dispatcher itself. */
export function timeoutSeconds(hooks: readonly HookSpec[]): number {
  const total = hooks.reduce((sum, hook) => sum + hook.timeout_ms, 0);
  return Math.ceil(total / 1000) + 1;
}

/**
 * Codex 0.147.0 clamps a SessionEnd hook's timeout to 3 s (printing "clamping SessionEnd hook
 * timeout to 3s" on every run) and kills the hook then; its default there is 1 s. Observed with
 * the pinned binary: the projection writes the value Codex will really apply.
 */
export const CODEX_SESSION_END_MAX_TIMEOUT_S = 3;

/** The native `timeout` (seconds) of the event's command on this harness. */
export function nativeTimeoutSeconds(harness: Harness, event: string, hooks: readonly HookSpec[]): number {
  const seconds = timeoutSeconds(hooks);
  return harness === "codex" && event === "SessionEnd" ? Math.min(seconds, CODEX_SESSION_END_MAX_TIMEOUT_S) : seconds;
}

function render(format: Format, config: NativeConfig): string {
  if (format === "config-toml") {
    const text = stringifyToml(config);
    return text.endsWith("\n") ? text : `${text}\n`;
  }
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** A request the projection cannot serve, worded for the caller. */
function usage(problem: RequestProblem): ProjectResult {
  return { kind: "usage", message: problemText(problem) };
}

export async function project(request: ProjectRequest): Promise<ProjectResult> {
  const harness = request.provider;
  if (!isHarness(harness)) return usage({ kind: "request-provider-unknown", provider: harness });
  const formats = formatsFor(harness);
  const format = (request.format ?? formats[0]) as Format;
  if (!formats.includes(format)) return usage({ kind: "request-format-unavailable", format: request.format, harness, formats });
  const loaded = await loadPackage(request.source, request.plugin);
  if (!loaded.ok) return { kind: "error", message: loadText(loaded.problem) };

  const omitted: Omission[] = [];
  const refused: Omission[] = [];
  const byEvent = new Map<string, HookSpec[]>();
  for (const hook of loaded.pkg.hooks) {
    const reason = unsupportedReason(reportProvider(harness), hook);
    if (reason !== undefined) {
      // in a valid package every optional hook has fallback = "omit" (PAP-SEM-HOOK-OPTIONAL-FALLBACK) and no required one has a fallback
      (hook.requirement === "optional" ? omitted : refused).push({ hook: hook.id, reason });
      continue;
    }
    for (const event of nativeEventsFor(harness, hook.subject, hook.phase)) byEvent.set(event, [...(byEvent.get(event) ?? []), hook]);
  }
  if (refused.length > 0) {
    return {
      kind: "projection",
      format,
      config: null,
      // Stryker disable next-line StringLiteral: a refused projection's text is never written (the CLI, the live and the project answers all leave it out)
      text: "",
      omitted,
      refused,
    };
  }

  const prefix = request.dispatcher ?? defaultDispatcher();
  const source = resolve(request.source);
  const config: NativeConfig = { hooks: {} };
  for (const event of [...byEvent.keys()].sort(compareUtf8)) {
    const hooks = byEvent.get(event) ?? [];
    const trust = request.stateDir === undefined ? [] : ["--state-dir", resolve(request.stateDir)];
    const words = ["hook", "dispatch", "--provider", harness, "--source", source, "--plugin", loaded.pkg.name, ...trust, ...hooks.flatMap((hook) => ["--hook", hook.id])];
    const group: NativeGroup = { hooks: [{ type: "command", command: [prefix, ...words.map(shellQuote)].join(" "), timeout: nativeTimeoutSeconds(harness, event, hooks) }] };
    const matcher = nativeMatcher(hooks);
    config.hooks[event] = [matcher === undefined ? group : { matcher, ...group }];
  }
  return { kind: "projection", format, config, text: render(format, config), omitted, refused };
}
