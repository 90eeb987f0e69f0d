// The shape of a decoded PLUGIN.toml that the structural schema (chapter 2) has accepted.
// Semantic modules only ever see manifests of this shape, so they can read fields without
// re-checking JSON types; everything else (grammar, closure, containment) is theirs to check.

export type MemberRequirement = "required" | "optional" | "recommended";
export type DependencyRequirement = "required" | "optional";

export interface ManifestMember {
  ref: string;
  requirement: MemberRequirement;
  fallback?: { kind: "inline"; skill: string };
}

export interface ManifestDependency {
  ref: string;
  requirement: DependencyRequirement;
}

export interface ManifestPlugin {
  name: string;
  id?: string;
  description: string;
  version?: string;
  members?: ManifestMember[];
  requires?: ManifestDependency[];
}

export type InputType = "string" | "path" | "integer" | "boolean";

export interface ManifestInput {
  name: string;
  type: InputType;
  required?: boolean;
}

export type ToolRuntime = "executable" | "python" | "node";
export type ToolPlatform = "macos" | "linux";
export type ToolCapability = "filesystem_read" | "filesystem_write" | "subprocess" | "network";

export interface ManifestTool {
  schema_version: 1;
  id: string;
  entry: string;
  runtime: ToolRuntime;
  runtime_version?: string;
  platforms?: ToolPlatform[];
  inputs?: ManifestInput[];
  argv: string[];
  files?: string[];
  cwd: "tool_root";
  env?: string[];
  capabilities?: ToolCapability[];
  availability: "required" | "optional";
}

export type HookSubject = "session" | "user_prompt" | "tool_call" | "workflow";
export type HookPhase = "before" | "after" | "end" | "completion_attempt";
export type HookEffect = "observe" | "add_context" | "allow_deny" | "rewrite_input" | "replace_output" | "continue_workflow";
export type FailurePolicy = "report" | "fail_open" | "fail_closed";
export type ErrorVisibility = "user" | "model_and_user";

export type BindingField =
  | "session.id"
  | "session.cwd"
  | "session.permission_mode"
  | "actor.kind"
  | "actor.id"
  | "transcript.path"
  | "session.end_reason"
  | "prompt.text"
  | "tool.call_id"
  | "tool.name"
  | "workflow.already_continued"
  | "workflow.last_message";

export interface ManifestBinding {
  input: string;
  field: BindingField;
}

export interface ManifestHook {
  schema_version: 1;
  id: string;
  tool: string;
  subject: HookSubject;
  phase: HookPhase;
  effect: HookEffect;
  requirement: "required" | "optional";
  timeout_ms: number;
  failure_policy: FailurePolicy;
  retry: "never";
  error_visibility: ErrorVisibility;
  blocking_scope: "matched_event";
  matcher?: { tool_names?: string[] };
  bindings?: ManifestBinding[];
  fallback?: "omit";
}

export interface ManifestV1 {
  schema_version: 1;
  plugin: ManifestPlugin;
  tool?: ManifestTool[];
  hook?: ManifestHook[];
  providers?: Record<string, unknown>;
}

/** Byte order of the UTF-8 spelling (the order the report uses everywhere). */
export function compareUtf8(left: string, right: string): number {
  return Buffer.compare(Buffer.from(left, "utf8"), Buffer.from(right, "utf8"));
}
