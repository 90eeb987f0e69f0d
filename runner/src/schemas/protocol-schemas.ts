// JSON Schemas of protocol version 1 messages, typed against runner/src/types/protocol.ts.
// The runner checks every message in both directions against these; replies that fail
// are protocol errors attributed to the implementation. Published under runner/schemas/protocol/.

import type { JSONSchemaType } from "ajv";
import type {
  AgentPluginDiagnostic,
  AgentPluginHook,
  AgentPluginIdentity,
  AgentPluginLoadResult,
  AgentPluginMcpServer,
  AgentPluginSkill,
  CasePayload,
  ComposeArgs,
  ComposeDecision,
  ComposeResult,
  DispatchArgs,
  DispatchResult,
  ErroredReply,
  HelloReply,
  HelloRequest,
  ImplementationInfo,
  InstructionPlacement,
  LifecycleArgs,
  LifecycleResult,
  ReviewEntry,
  MemberState,
  LiveArgs,
  LiveResult,
  NativeCommand,
  NativeGroup,
  NativeHooks,
  ProjectArgs,
  ProjectResult,
  ProjectionEntry,
  ProviderClaim,
  ResultReply,
  RunRequest,
  SkippedReply,
  StopRequest,
  ValidateCliArgs,
  ValidateCliResult,
  ValidateResult,
} from "../../shared/protocol.js";
import { AGENT_PLUGIN_OPTIONAL_FIELDS } from "../../shared/protocol.js";
import type { Operation } from "../types/case.js";

const BASE = "https://papc.dev/schemas/protocol/";

const operation: JSONSchemaType<Operation> = {
  type: "string",
  enum: ["validate", "validate-cli", "dispatch", "compose", "load-agent-plugin", "live", "project", "review", "approve", "revoke", "activate", "remove"],
};

export const helloRequestSchema: JSONSchemaType<HelloRequest> = {
  $id: `${BASE}hello-request.schema.json`,
  type: "object",
  additionalProperties: false,
  required: ["cmd", "protocol", "kit"],
  properties: {
    cmd: { type: "string", const: "hello" },
    protocol: { type: "integer", const: 1 },
    kit: {
      type: "object",
      additionalProperties: false,
      required: ["name", "version"],
      properties: { name: { type: "string" }, version: { type: "string" } },
    },
  },
};

export const implementationInfo: JSONSchemaType<ImplementationInfo> = {
  type: "object",
  required: ["name", "version"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 200 },
    version: { type: "string", minLength: 1, maxLength: 200 },
    language: { type: "string", nullable: true, maxLength: 200 },
    homepage: { type: "string", nullable: true, maxLength: 2000 },
  },
};

const providerClaim: JSONSchemaType<ProviderClaim> = {
  type: "object",
  required: ["name", "version"],
  properties: { name: { type: "string" }, version: { type: "string" } },
};

// Replies may carry fields a later protocol minor adds, so objects stay open.
export const helloReplySchema: JSONSchemaType<HelloReply> = {
  $id: `${BASE}hello-reply.schema.json`,
  type: "object",
  required: ["protocol", "implementation", "operations"],
  properties: {
    protocol: { type: "integer", const: 1 },
    implementation: implementationInfo,
    // Unknown operation names are tolerated by the schema and ignored by the runner.
    operations: { type: "array", items: { type: "string" } as unknown as JSONSchemaType<Operation> },
    profiles: { type: "array", nullable: true, items: { type: "string" } },
    providers: { type: "array", nullable: true, items: providerClaim },
  },
};

const casePayload: JSONSchemaType<CasePayload> = {
  type: "object",
  additionalProperties: false,
  required: ["id", "operation", "root", "source", "args"],
  properties: {
    id: { type: "string" },
    operation,
    root: { type: "string" },
    source: { type: "string" },
    args: { type: "object", required: [] },
    step: { type: "integer", nullable: true, minimum: 1 },
  },
};

export const runRequestSchema: JSONSchemaType<RunRequest> = {
  $id: `${BASE}run-request.schema.json`,
  type: "object",
  additionalProperties: false,
  required: ["cmd", "seq", "case"],
  properties: {
    cmd: { type: "string", const: "run" },
    seq: { type: "integer", minimum: 1 },
    case: casePayload,
  },
};

export const stopRequestSchema: JSONSchemaType<StopRequest> = {
  $id: `${BASE}stop-request.schema.json`,
  type: "object",
  additionalProperties: false,
  required: ["cmd"],
  properties: { cmd: { type: "string", const: "stop" } },
};

const seq = { type: "integer", minimum: 1 } as const;

export const resultReplySchema: JSONSchemaType<ResultReply> = {
  $id: `${BASE}result-reply.schema.json`,
  type: "object",
  additionalProperties: false,
  required: ["seq", "result"],
  properties: { seq, result: { type: "object", required: [] } },
};

export const skippedReplySchema: JSONSchemaType<SkippedReply> = {
  $id: `${BASE}skipped-reply.schema.json`,
  type: "object",
  additionalProperties: false,
  required: ["seq", "skipped"],
  properties: {
    seq,
    skipped: {
      type: "object",
      required: ["reason"],
      properties: {
        reason: { type: "string", minLength: 1 },
        issue_url: { type: "string", nullable: true },
      },
    },
  },
};

export const erroredReplySchema: JSONSchemaType<ErroredReply> = {
  $id: `${BASE}errored-reply.schema.json`,
  type: "object",
  additionalProperties: false,
  required: ["seq", "errored"],
  properties: {
    seq,
    errored: {
      type: "object",
      required: ["message"],
      properties: {
        message: { type: "string" },
        detail: { type: "object", nullable: true, required: [] },
      },
    },
  },
};

/** The `result` of a `validate` run. The report itself is checked by report-schema-1. */
export const validateResultSchema: JSONSchemaType<ValidateResult> = {
  $id: `${BASE}validate-result.schema.json`,
  type: "object",
  required: ["exit"],
  properties: {
    exit: { type: "integer", enum: [0, 1, 2] },
    report: { $ref: "https://papc.dev/schemas/validation-report.schema.json" } as never,
    structural: { type: "string", nullable: true, enum: ["accept", "reject"] },
  },
  // only a usage error (exit 2) may come without a report
  if: { properties: { exit: { enum: [0, 1] } } },
  then: { required: ["report"] },
} as JSONSchemaType<ValidateResult>;

/** `case.args` of a `validate-cli` run (SPEC 1.3): the words after the validator's command name. */
export const validateCliArgsSchema: JSONSchemaType<ValidateCliArgs> = {
  $id: `${BASE}validate-cli-args.schema.json`,
  type: "object",
  required: ["argv"],
  properties: { argv: { type: "array", items: { type: "string" } } },
};

/** The `result` of a `validate-cli` run: a validate result with the validator's stderr. */
export const validateCliResultSchema: JSONSchemaType<ValidateCliResult> = {
  $id: `${BASE}validate-cli-result.schema.json`,
  type: "object",
  required: ["exit", "stderr"],
  properties: {
    exit: { type: "integer" },
    report: { $ref: "https://papc.dev/schemas/validation-report.schema.json" } as never,
    structural: { type: "string", nullable: true, enum: ["accept", "reject"] },
    stderr: { type: "string" },
  },
} as JSONSchemaType<ValidateCliResult>;

const dispatchArgsShape: JSONSchemaType<DispatchArgs> = {
  $id: `${BASE}dispatch-args.schema.json`,
  type: "object",
  required: ["provider", "plugin", "environment"],
  properties: {
    provider: { type: "string" },
    plugin: { type: "string" },
    hooks: { type: "array", nullable: true, items: { type: "string" } },
    event: {} as never,
    environment: { type: "object", required: [], additionalProperties: { type: "string" } },
    state_dir: { type: "string", nullable: true, minLength: 1 },
  },
};

/** `case.args` of a `dispatch` run (SPEC 1.6); `event` is any JSON value, but present. */
export const dispatchArgsSchema = { ...dispatchArgsShape, required: [...dispatchArgsShape.required, "event"] };

/** The `result` of a `dispatch` run: the dispatcher's exit status and output. */
export const dispatchResultSchema: JSONSchemaType<DispatchResult> = {
  $id: `${BASE}dispatch-result.schema.json`,
  type: "object",
  required: ["exit", "stdout"],
  properties: {
    exit: { type: "integer" },
    stdout: { type: "string" },
    stderr: { type: "string", nullable: true },
  },
};

/** `case.args` of a `live` run (SPEC 1.7). */
export const liveArgsSchema: JSONSchemaType<LiveArgs> = {
  $id: `${BASE}live-args.schema.json`,
  type: "object",
  required: ["provider", "plugin"],
  properties: {
    provider: { type: "string" },
    plugin: { type: "string" },
    state_dir: { type: "string", nullable: true, minLength: 1 },
  },
};

const projectionEntry: JSONSchemaType<ProjectionEntry> = {
  type: "object",
  required: ["hook", "reason"],
  properties: { hook: { type: "string" }, reason: { type: "string" } },
};

/** The `result` of a `live` run: the implementation's projection (SPEC 1.7). */
export const liveResultSchema: JSONSchemaType<LiveResult> = {
  $id: `${BASE}live-result.schema.json`,
  type: "object",
  required: ["exit", "text", "omitted", "refused"],
  properties: {
    exit: { type: "integer" },
    format: { type: "string", nullable: true },
    // 8 MiB bounds every reply line anyway; a configuration is a few KiB
    text: { type: "string" },
    omitted: { type: "array", items: projectionEntry },
    refused: { type: "array", items: projectionEntry },
    message: { type: "string", nullable: true },
  },
};

/** `case.args` of a `project` run (SPEC 1.12). */
export const projectArgsSchema: JSONSchemaType<ProjectArgs> = {
  $id: `${BASE}project-args.schema.json`,
  type: "object",
  required: ["provider", "plugin"],
  properties: {
    provider: { type: "string" },
    plugin: { type: "string" },
    format: { type: "string", nullable: true },
  },
};

const nativeCommand: JSONSchemaType<NativeCommand> = {
  type: "object",
  required: ["type", "command"],
  properties: { type: { type: "string" }, command: { type: "string" }, timeout: { type: "number", nullable: true, exclusiveMinimum: 0 } },
};

const nativeGroup: JSONSchemaType<NativeGroup> = {
  type: "object",
  required: ["hooks"],
  properties: { matcher: { type: "string", nullable: true }, hooks: { type: "array", items: nativeCommand } },
};

const nativeHooks: JSONSchemaType<NativeHooks> = {
  type: "object",
  required: ["hooks"],
  properties: { hooks: { type: "object", required: [], additionalProperties: { type: "array", items: nativeGroup } } },
};

/** The `result` of a `project` run: the native configuration as data (SPEC 1.12). */
export const projectResultSchema: JSONSchemaType<ProjectResult> = {
  $id: `${BASE}project-result.schema.json`,
  type: "object",
  required: ["exit", "config", "omitted", "refused"],
  properties: {
    exit: { type: "integer" },
    format: { type: "string", nullable: true },
    // required and possibly null: ajv types that as anyOf
    config: { anyOf: [nativeHooks, { type: "null" } as never] },
    omitted: { type: "array", items: projectionEntry },
    refused: { type: "array", items: projectionEntry },
    message: { type: "string", nullable: true },
  },
};

const stringMap = { type: "object", nullable: true, required: [], additionalProperties: { type: "string" } } as const;
// ajv types a required `string | null` field as anyOf (nullable is reserved for optional ones).
const nullableString: JSONSchemaType<string | null> = { anyOf: [{ type: "string" }, { type: "null" } as never] };

const agentPluginIdentity: JSONSchemaType<AgentPluginIdentity> = {
  type: "object",
  required: ["name", "version", "description"],
  properties: { name: { type: "string" }, version: nullableString, description: nullableString },
};

const agentPluginSkill: JSONSchemaType<AgentPluginSkill> = {
  type: "object",
  required: ["name"],
  properties: { name: { type: "string" }, description: { type: "string", nullable: true }, path: { type: "string", nullable: true } },
};

/** A server's optional fields, shared with the server patterns of load-agent-plugin cases. */
export const mcpServerOptionalProperties = {
  command: { type: "string", nullable: true },
  args: { type: "array", nullable: true, items: { type: "string" } },
  env: stringMap,
  cwd: { type: "string", nullable: true },
  url: { type: "string", nullable: true },
  headers: stringMap,
} as const;

const agentPluginMcpServer: JSONSchemaType<AgentPluginMcpServer> = {
  type: "object",
  required: ["name", "type"],
  properties: { name: { type: "string" }, type: { type: "string" }, ...mcpServerOptionalProperties },
};

const agentPluginHook: JSONSchemaType<AgentPluginHook> = {
  type: "object",
  required: ["event"],
  properties: { event: { type: "string" }, command: { type: "string", nullable: true } },
};

const agentPluginDiagnostic: JSONSchemaType<AgentPluginDiagnostic> = {
  type: "object",
  required: ["code", "severity", "message"],
  properties: {
    code: { type: "string", pattern: "^[a-z][a-z0-9_]*$" },
    severity: { type: "string", enum: ["error", "warning"] },
    path: { type: "string", nullable: true },
    pointer: { type: "string", nullable: true },
    message: { type: "string" },
  },
};

/** The `result` of a `load-agent-plugin` run: what the loader published (SPEC 1.8). */
export const agentPluginLoadResultSchema: JSONSchemaType<AgentPluginLoadResult> = {
  $id: `${BASE}load-agent-plugin-result.schema.json`,
  type: "object",
  required: ["loaded", "identity", "skills", "mcp_servers"],
  properties: {
    loaded: { type: "boolean" },
    identity: { anyOf: [agentPluginIdentity, { type: "null" } as never] },
    plugin_root: { type: "string", nullable: true, pattern: "^/" },
    plugin_data: { type: "string", nullable: true, pattern: "^/" },
    skills: { type: "array", items: agentPluginSkill },
    mcp_servers: { type: "array", items: agentPluginMcpServer },
    hooks: { type: "array", nullable: true, items: agentPluginHook },
    apps: { type: "array", nullable: true, items: { type: "object", required: ["name"], properties: { name: { type: "string" } } } },
    interface: { type: "object", nullable: true, required: [] },
    diagnostics: { type: "array", nullable: true, items: agentPluginDiagnostic },
    unobserved: {
      type: "object",
      nullable: true,
      required: [],
      additionalProperties: false,
      properties: Object.fromEntries(AGENT_PLUGIN_OPTIONAL_FIELDS.map((f) => [f, { type: "string", nullable: true, minLength: 1, maxLength: 2000 }])),
    } as never,
  },
};

/** `<plugin name>#hook:<hook id>` (SPEC 10.1). */
export const HOOK_IDENTITY_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*#hook:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$";

/** `case.args` of a `compose` run (SPEC 1.9). */
export const composeArgsSchema: JSONSchemaType<ComposeArgs> = {
  $id: `${BASE}compose-args.schema.json`,
  type: "object",
  required: ["packages", "event"],
  properties: {
    packages: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
    event: {
      type: "object",
      required: ["hook"],
      properties: { hook: { type: "string", minLength: 1 }, tool_name: { type: "string", nullable: true } },
    },
    results: { type: "object", nullable: true, required: [] },
  },
};

/** The fields of a combined decision, shared with the `decision` of compose cases. */
export const composeDecisionProperties = {
  kind: { type: "string", enum: ["none", "allow", "deny", "rewrite_input", "replace_output", "continue_workflow"] },
  reason: { type: "string", nullable: true },
  context: { type: "string", nullable: true },
  input: {} as never,
  output: {} as never,
} as const;

const composeDecision: JSONSchemaType<ComposeDecision> = {
  type: "object",
  required: ["kind"],
  properties: composeDecisionProperties,
};

/** The `result` of a `compose` run (SPEC 1.9). */
export const composeResultSchema: JSONSchemaType<ComposeResult> = {
  $id: `${BASE}compose-result.schema.json`,
  type: "object",
  required: ["order", "rejected", "tools", "fired", "decision", "conflicts", "failures"],
  properties: {
    order: { type: "array", items: { type: "string" } },
    rejected: { type: "array", items: { type: "object", required: ["package", "code"], properties: { package: { type: "string" }, code: { type: "string" } } } },
    tools: { type: "array", items: { type: "object", required: ["name", "plugin"], properties: { name: { type: "string" }, plugin: { type: "string" } } } },
    fired: { type: "array", items: { type: "string" } },
    decision: composeDecision,
    conflicts: { type: "array", items: { type: "object", required: ["hooks"], properties: { hooks: { type: "array", items: { type: "string" } } } } },
    failures: { type: "array", items: { type: "object", required: ["hook", "code"], properties: { hook: { type: "string" }, code: { type: "string" } } } },
  },
};

const ids = { type: "array", nullable: true, items: { type: "string", minLength: 1 } } as const;

/** `case.args` of `review`, `approve`, `revoke`, `activate` and `remove` (SPEC 1.11). */
export const lifecycleArgsSchema: JSONSchemaType<LifecycleArgs> = {
  $id: `${BASE}lifecycle-args.schema.json`,
  type: "object",
  required: ["provider", "plugin", "state_dir", "environment"],
  properties: {
    provider: { type: "string", minLength: 1 },
    plugin: { type: "string", minLength: 1 },
    state_dir: { type: "string", minLength: 1 },
    environment: { type: "object", required: [], additionalProperties: { type: "string" } },
    tools: ids,
    hooks: ids,
    instructions: {
      type: "object",
      nullable: true,
      oneOf: [
        { type: "object", required: ["scope", "file"], properties: { scope: { type: "string", const: "project" }, file: { type: "string", minLength: 1 } } },
        { type: "object", required: ["scope"], properties: { scope: { type: "string", const: "user" } } },
      ],
      required: ["scope"],
    } as never,
    enable: ids,
    dry_run: { type: "boolean", nullable: true },
  },
};

const memberState: JSONSchemaType<MemberState> = {
  type: "object",
  required: ["ref", "requirement", "status"],
  properties: {
    ref: { type: "string", minLength: 1 },
    requirement: { type: "string" },
    status: { type: "string", enum: ["active", "omitted", "blocked", "inactive"] },
    reason: { type: "string", nullable: true },
  },
};

const placement: JSONSchemaType<InstructionPlacement> = {
  type: "object",
  required: ["ref", "scope", "file", "written"],
  properties: {
    ref: { type: "string", minLength: 1 },
    scope: { type: "string", enum: ["project", "user"] },
    file: { type: "string", minLength: 1 },
    written: { type: "boolean" },
  },
};

/** The result of the four lifecycle operations (SPEC 1.11): `exit`, and the keys that concern the operation. */
const optionalText = { type: "string", nullable: true } as const;
const optionalWords = { type: "array", nullable: true, items: { type: "string" } } as const;

const reviewEntry: JSONSchemaType<ReviewEntry> = {
  type: "object",
  required: ["ref", "trust"],
  properties: {
    ref: { type: "string", pattern: "^(tool|hook):.+$" },
    trust: { type: "string", enum: ["new", "approved", "changed"] },
    reason: optionalText,
    runtime: optionalText,
    entry: optionalText,
    argv: optionalWords,
    env: optionalWords,
    capabilities: optionalWords,
    availability: optionalText,
    tool: optionalText,
    subject: optionalText,
    phase: optionalText,
    effect: optionalText,
    requirement: optionalText,
    failure_policy: optionalText,
    error_visibility: optionalText,
    tool_names: optionalWords,
  },
};

export const lifecycleResultSchema: JSONSchemaType<LifecycleResult> = {
  $id: `${BASE}lifecycle-result.schema.json`,
  type: "object",
  required: ["exit"],
  properties: {
    exit: { type: "integer", enum: [0, 1, 2] },
    approved: { type: "array", nullable: true, items: { type: "string" } },
    review: { type: "array", nullable: true, items: reviewEntry },
    revoked: { type: "array", nullable: true, items: { type: "string" } },
    activation: { type: "string", nullable: true, enum: ["active", "blocked"] },
    members: { type: "array", nullable: true, items: memberState },
    instructions: { type: "array", nullable: true, items: placement },
    removed: { type: "array", nullable: true, items: { type: "string" } },
    kept: {
      type: "array",
      nullable: true,
      items: { type: "object", required: ["file", "ref"], properties: { file: { type: "string" }, ref: { type: "string" } } },
    },
    message: { type: "string", nullable: true },
  },
};
