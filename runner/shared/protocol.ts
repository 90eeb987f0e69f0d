// The process protocol, version 1 (SPEC.md "Process protocol").
// Newline-delimited JSON: requests on the implementation's stdin, replies on its stdout.
// The JSON Schemas in runner/src/schemas/protocol-schemas.ts are typed against these.

import type { ValidationReport } from "./validation-report.js";

export const PROTOCOL_VERSION = 1;

/** The operations of the process protocol. The five lifecycle ones occur only as steps (SPEC 1.11). */
export type Operation = "validate" | "validate-cli" | "dispatch" | "compose" | "load-agent-plugin" | "live" | "project" | LifecycleOperation;

/** The lifecycle operations (SPEC 1.11, chapter 11). */
export type LifecycleOperation = "review" | "approve" | "revoke" | "activate" | "remove";

export interface HelloRequest {
  cmd: "hello";
  protocol: 1;
  kit: { name: string; version: string };
}

export interface ProviderClaim {
  name: string;
  version: string;
}

export interface ImplementationInfo {
  name: string;
  version: string;
  language?: string;
  homepage?: string;
}

export interface HelloReply {
  protocol: 1;
  implementation: ImplementationInfo;
  operations: Operation[];
  profiles?: string[];
  providers?: ProviderClaim[];
}

/** The case as the implementation sees it: no expectations, only what it needs to act. */
export interface CasePayload {
  id: string;
  operation: Operation;
  /** Absolute path of the materialized fixture root. */
  root: string;
  /** Absolute path of the source directory (root joined with given.source). */
  source: string;
  args: Record<string, unknown>;
  /** A step of a multi-step case (SPEC 1.11): its 1-based number. The fixture is kept between steps. */
  step?: number;
}

export interface RunRequest {
  cmd: "run";
  seq: number;
  case: CasePayload;
}

export interface StopRequest {
  cmd: "stop";
}

export type Request = HelloRequest | RunRequest | StopRequest;

export interface ResultReply {
  seq: number;
  result: Record<string, unknown>;
}

export interface SkippedReply {
  seq: number;
  skipped: { reason: string; issue_url?: string };
}

export interface ErroredReply {
  seq: number;
  errored: { message: string; detail?: Record<string, unknown> };
}

export type RunReply = ResultReply | SkippedReply | ErroredReply;

/** Normalized result of the `validate` operation. */
export interface ValidateResult {
  /** Exit code the validator CLI contract gives for this input (0, 1 or 2). */
  exit: number;
  /**
   * Report schema 1 of draft 0.1. Left out only with exit 2: a validator CLI may print nothing on
   * a usage error (PAP-CLI-USAGE-REPORT), and checks on the report are then unobserved.
   */
  report?: ValidationReport;
  /** Verdict of the JSON Schema layer alone, when the implementation can tell it apart. */
  structural?: "accept" | "reject";
}

/**
 * `case.args` of a `validate-cli` run (SPEC 1.3): the validator's whole command line after its
 * command name, in the syntax of PAP-CLI-COMMAND. The runner has put the absolute source path
 * where the case file wrote `{source}`.
 */
export interface ValidateCliArgs {
  argv: string[];
}

/**
 * Normalized result of the `validate-cli` operation: the validate result of that command line
 * (its `--json` stdout as the report), with what the validator wrote on stderr.
 */
export interface ValidateCliResult extends ValidateResult {
  stderr: string;
}

/** `case.args` of a `dispatch` run (SPEC 1.6): one native event for one package's hooks. */
export interface DispatchArgs {
  /** "claude-code" or "codex". */
  provider: string;
  /** The package: `plugins/<plugin>/PLUGIN.toml` below `case.source`. */
  plugin: string;
  /** The hooks the harness's projection names for this event, by id; absent: every hook of the package. */
  hooks?: string[];
  /** The native event: what the harness writes on the dispatcher's stdin, as JSON. */
  event: unknown;
  /** Variables of the harness's environment, set over the implementation's own. */
  environment: Record<string, string>;
  /**
   * A dispatch step of a multi-step case (SPEC 1.11, 11.2): the consumer's state directory. The
   * dispatcher starts a handler only under a current grant recorded there by \`approve\`.
   */
  state_dir?: string;
}

/** Normalized result of the `dispatch` operation: what the dispatcher did as a harness sees it. */
export interface DispatchResult {
  /** The dispatcher's exit status. */
  exit: number;
  /** Everything it wrote on stdout (the native response). */
  stdout: string;
  /** What it wrote on stderr, when the implementation passes it on. */
  stderr?: string;
}

/** `case.args` of a `live` run (SPEC 1.7): which package to project into which harness. */
export interface LiveArgs {
  /** "claude-code" or "codex". */
  provider: string;
  /** The package: `plugins/<plugin>/PLUGIN.toml` below `case.source`. */
  plugin: string;
  /**
   * A live step of a multi-step case (SPEC 1.11): the consumer's state directory, whose trust
   * store the projected hooks are dispatched under (SPEC 11.2), as a dispatch step's are.
   */
  state_dir?: string;
}

/** A hook the projection left out (omitted) or that blocks the whole projection (refused). */
export interface ProjectionEntry {
  hook: string;
  reason: string;
}

/**
 * Normalized result of the `live` operation: the implementation's projection, i.e. the native
 * hook configuration it would install. The runner installs `text` into the pinned harness
 * (Claude Code: the settings file; Codex: config.toml) unless the projection was refused.
 */
export interface LiveResult {
  /** 0 projected, 1 refused or the package could not be projected. */
  exit: number;
  /** "settings-json" (claude-code) or "config-toml" (codex). */
  format?: string;
  /** The native configuration: Claude settings JSON with `hooks`, or a config.toml fragment with `[[hooks.<Event>]]`. */
  text: string;
  omitted: ProjectionEntry[];
  refused: ProjectionEntry[];
  /** Why nothing could be projected (an invalid package, say), for people. */
  message?: string;
}

/** `case.args` of a `project` run (SPEC 1.12): which package to project for which provider. */
export interface ProjectArgs {
  /** "claude-code" or "codex" (a case about bad input sends another name). */
  provider: string;
  /** The package: `plugins/<plugin>/PLUGIN.toml` below `case.source`. */
  plugin: string;
  /** A native format the implementation offers for the provider; absent: its default. */
  format?: string;
}

/** One native handler of a projected configuration: the command a harness runs for the event. */
export interface NativeCommand {
  type: string;
  command: string;
  /** Seconds, as both harnesses read it. */
  timeout?: number;
}

/** One native matcher group: the tools it selects (absent: every one) and its commands. */
export interface NativeGroup {
  matcher?: string;
  hooks: NativeCommand[];
}

/** The native hook configuration as data: `hooks.<Event>` as Claude Code's settings and Codex's config.toml both write it. */
export interface NativeHooks {
  hooks: Record<string, NativeGroup[]>;
}

/**
 * Normalized result of the `project` operation (SPEC 1.12): the native configuration the
 * implementation would install, as data, with the hooks it left out or refused.
 */
export interface ProjectResult {
  /** 0 projected; 1 refused, or the package could not be loaded; 2 a request it cannot serve (an unknown provider or format). */
  exit: number;
  /** The native format it chose ("settings-json", "config-toml", …). */
  format?: string;
  /** The configuration; null when it wrote none (refused, or an error). */
  config: NativeHooks | null;
  omitted: ProjectionEntry[];
  refused: ProjectionEntry[];
  /** Why nothing could be projected, for people. */
  message?: string;
}

/** A diagnostic of the `load-agent-plugin` operation (SPEC 9.9): a code, never message text, is compared. */
export interface AgentPluginDiagnostic {
  code: string;
  /** "error": something was rejected or skipped; "warning": reported and ignored. */
  severity: "error" | "warning";
  /** The file concerned, relative to the plugin root, POSIX separators. */
  path?: string;
  /** A JSON Pointer into that file, when the finding is about one value. */
  pointer?: string;
  message: string;
}

/** A package's identity, from root plugin.json alone (a vendor extension never replaces it). */
export interface AgentPluginIdentity {
  name: string;
  version: string | null;
  description: string | null;
}

/** One published skill. */
export interface AgentPluginSkill {
  /** The skill's name (its folder under skills/, which its frontmatter name must equal). */
  name: string;
  description?: string;
  /** Its SKILL.md relative to `plugin_root`, POSIX ("skills/hello/SKILL.md"). */
  path?: string;
}

/** One published MCP server, after `${PLUGIN_ROOT}`/`${PLUGIN_DATA}` expansion. */
export interface AgentPluginMcpServer {
  name: string;
  /** "stdio", "streamable-http" or "sse". */
  type: string;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
}

/** A hook handler a vendor extension contributed (portable 1.0 defines no hooks). */
export interface AgentPluginHook {
  /** The native event name, e.g. "PreToolUse". */
  event: string;
  command?: string;
}

/**
 * Normalized result of the `load-agent-plugin` operation (SPEC 1.8): what a loader published
 * from the Agent Plugins 1.0 package at `case.source`. `hooks`, `apps`, `interface` and
 * `diagnostics` may be left out by an implementation that cannot observe them; a case that
 * checks a left-out field is `skip`, never `pass` (KIT-AP-UNOBSERVED).
 */
export interface AgentPluginLoadResult {
  /** true: the manifest was accepted and its components published (possibly none). */
  loaded: boolean;
  /** From root plugin.json only; null when not loaded. */
  identity: AgentPluginIdentity | null;
  /** The absolute, filesystem-resolved plugin root the loader used (a harness may use its installed copy). */
  plugin_root?: string;
  /** The absolute PLUGIN_DATA directory the loader chose, if any. */
  plugin_data?: string;
  skills: AgentPluginSkill[];
  mcp_servers: AgentPluginMcpServer[];
  hooks?: AgentPluginHook[];
  apps?: { name: string }[];
  /** Vendor interface metadata that applies; {} when none. */
  interface?: Record<string, unknown>;
  diagnostics?: AgentPluginDiagnostic[];
  /**
   * Why a field is left out, for each optional field the loader cannot report (e.g. a harness
   * that shows no diagnostics): the runner quotes it in the skip of a case that checks the field
   * (KIT-AP-UNOBSERVED). Only fields that are absent may be named.
   */
  unobserved?: Partial<Record<AgentPluginOptionalField, string>>;
}

/** The fields of a load-agent-plugin result a loader may leave out. */
export const AGENT_PLUGIN_OPTIONAL_FIELDS = ["hooks", "apps", "interface", "diagnostics", "plugin_root", "plugin_data"] as const;
export type AgentPluginOptionalField = (typeof AGENT_PLUGIN_OPTIONAL_FIELDS)[number];

/** The event a `compose` run fires: a host hook name (seed 002's hook surface) and, for tool hooks, the tool. */
export interface ComposeEvent {
  hook: string;
  tool_name?: string;
}

/** `case.args` of a `compose` run (SPEC 1.9): several packages in one host, one event, the handlers' answers. */
export interface ComposeArgs {
  /** Package directories (each holding PLUGIN.toml) relative to `case.source`, in registration order. */
  packages: string[];
  event: ComposeEvent;
  /** Each hook's portable result by identity (`<plugin name>#hook:<id>`); a hook not listed abstains. */
  results?: Record<string, unknown>;
}

/** Why a composition left a package out (SPEC 10.1, 10.2), in the order the rules apply. */
export type ComposeRejectionCode =
  | "host_invalid_package"
  | "host_duplicate_name"
  | "host_missing_dependency"
  | "host_dependency_cycle"
  | "host_dependency_rejected"
  | "host_tool_collision";

/** A package the composition left out, and why (SPEC 10.2). */
export interface ComposeRejection {
  /** The package as given in `args.packages`. */
  package: string;
  code: ComposeRejectionCode;
}

/** The combined answer of the fired hooks (SPEC 10.4). */
export interface ComposeDecision {
  /** "none", "allow", "deny", "rewrite_input", "replace_output" or "continue_workflow". */
  kind: string;
  reason?: string;
  context?: string;
  input?: unknown;
  output?: unknown;
}

/** Normalized result of the `compose` operation (SPEC 1.9). */
export interface ComposeResult {
  /** Accepted plugin names in composition order. */
  order: string[];
  rejected: ComposeRejection[];
  /** The host tool registry: tool name and owning plugin, in composition order. */
  tools: { name: string; plugin: string }[];
  /** Identities of the hooks that fired for the event, in the order they ran. */
  fired: string[];
  decision: ComposeDecision;
  conflicts: { hooks: string[] }[];
  failures: { hook: string; code: string }[];
}

/** The instruction target an activation writes into (SPEC 11.4): a project file, or the provider's user file. */
export type InstructionTarget = { scope: "project"; file: string } | { scope: "user" };

/**
 * `case.args` of `review`, `approve`, `revoke`, `activate` and `remove` (SPEC 1.11). Paths are absolute.
 * `state_dir` is the consumer's own for the case: its trust store and records.
 */
export interface LifecycleArgs {
  /** The activation target: "claude-code" or "codex". */
  provider: string;
  /** The package: `plugins/<plugin>/PLUGIN.toml` below `case.source`. */
  plugin: string;
  state_dir: string;
  /** The user's environment: HOME, CLAUDE_CONFIG_DIR, CODEX_HOME and the case's own variables. */
  environment: Record<string, string>;
  /** review, approve, revoke: only these tools (both lists absent: every tool and hook). Approving a hook also approves its tool; revoking it does not revoke the tool. */
  tools?: string[];
  /** review, approve, revoke: only these hooks. */
  hooks?: string[];
  /** activate: the selected instruction target; absent: none selected. (remove takes back every block the package wrote.) */
  instructions?: InstructionTarget;
  /** activate: the recommended instructions the user enables, as refs ("instruction:style"). */
  enable?: string[];
  /** activate: report what would happen, write nothing. */
  dry_run?: boolean;
}

/** A member, tool or hook of the package and what activation made of it (SPEC 11.3). */
export interface MemberState {
  /** "skill:x", "instruction:y", "agent:z", "tool:<id>" or "hook:<id>". */
  ref: string;
  requirement: string;
  status: "active" | "omitted" | "blocked" | "inactive";
  reason?: string;
}

/**
 * A tool or hook as the user reviews it before approving (SPEC 11.2, PAP-LIFE-REVIEW-SHOWS): what
 * its manifest table declares and whether a current grant covers it. Tool fields for "tool:<id>",
 * hook fields for "hook:<id>".
 */
export interface ReviewEntry {
  /** "tool:<id>" or "hook:<id>": the grant an approval of the same selection records. */
  ref: string;
  /** new: no grant; approved: a current grant covers it; changed: granted, but not what is on disk now. */
  trust: "new" | "approved" | "changed";
  /** Why a `changed` grant no longer covers it (tool bytes, tool contract, hook table). */
  reason?: string;
  runtime?: string;
  entry?: string;
  argv?: string[];
  /** The inherited environment variable names the tool declares. */
  env?: string[];
  /** Declared capabilities: claims that inform the review, not a sandbox. */
  capabilities?: string[];
  availability?: string;
  tool?: string;
  subject?: string;
  phase?: string;
  effect?: string;
  requirement?: string;
  failure_policy?: string;
  error_visibility?: string;
  /** matcher.tool_names ([] when the hook has no matcher: every covered call). */
  tool_names?: string[];
}

/** Where an active instruction applies (SPEC 11.4). */
export interface InstructionPlacement {
  ref: string;
  scope: "project" | "user";
  /** Absolute path of the target file. */
  file: string;
  /** false for a dry run. */
  written: boolean;
}

/** Normalized result of the lifecycle operations (SPEC 1.11); each gives the keys that concern it. */
export interface LifecycleResult {
  /** 0 done, 1 refused or blocked, 2 unusable arguments. */
  exit: number;
  /** approve: the grants recorded, "tool:<id>" and "hook:<id>". */
  approved?: string[];
  /** review: every tool and hook an approval of the same selection would record, as the user sees it. */
  review?: ReviewEntry[];
  /** revoke: the grants removed. */
  revoked?: string[];
  /** activate. */
  activation?: "active" | "blocked";
  members?: MemberState[];
  instructions?: InstructionPlacement[];
  /** remove: absolute paths of the files it changed or removed. */
  removed?: string[];
  /** remove: owned blocks the user edited, left in place (SPEC PAP-LIFE-INSTR-EDITED-BLOCK). */
  kept?: { file: string; ref: string }[];
  message?: string;
}
