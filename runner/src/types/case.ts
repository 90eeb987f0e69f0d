import type { AgentPluginMcpServer, ComposeDecision, ComposeRejection, LifecycleOperation, Operation, ReviewEntry } from "../../shared/protocol.js";
import type { CodexSandbox, ScenarioTurn } from "./scenario.js";

// The declarative case format (SPEC.md 1.1 "Case format").
// The case file's JSON Schema is built (runner/src/schemas/case-schema.ts) from parts typed
// against these declarations with ajv's JSONSchemaType, the core's in runner/src/schemas/ and each
// operation's in its folder (runner/src/operations/<name>/case-schema.ts), so the two cannot drift.

/** One fixture entry. A plain string is UTF-8 text with mode 0644. */
export type FixtureEntry = string | TextFixture | PartsFixture | Base64Fixture | SymlinkFixture | DirFixture | SizedFixture | FifoFixture;

export interface TextFixture {
  text: string;
  /** Octal permission bits as a string, e.g. "0755". */
  mode?: string;
}

/** Concatenation of literal strings and repeats: big inputs without big case files. */
export interface PartsFixture {
  parts: FixturePart[];
  mode?: string;
}

export type FixturePart = string | RepeatPart;

export interface RepeatPart {
  repeat: string;
  times: number;
}

export interface Base64Fixture {
  base64: string;
  mode?: string;
}

/** A symbolic link; its target is data and may point anywhere (escape cases need that). */
export interface SymlinkFixture {
  symlink: string;
}

/** An empty directory. */
export interface DirFixture {
  dir: true;
  mode?: string;
}

/**
 * A named pipe (FIFO), the special file a fixture can make without privileges: for the rules
 * about entries that are neither regular files, directories nor symlinks. Made with `mkfifo`.
 */
export interface FifoFixture {
  fifo: true;
  mode?: string;
}

/** A sparse file of exactly `size` zero bytes (limit cases). */
export interface SizedFixture {
  size: number;
  mode?: string;
}

// The operation names are the protocol's; cases use the same ones.
export type { LifecycleOperation, Operation } from "../../shared/protocol.js";

/** What a step of a multi-step case may run (SPEC 1.11). */
export type StepOperation = "validate" | "dispatch" | "live" | LifecycleOperation;

/** A case's operation as the runner holds it: one of the protocol's, or "steps" for a multi-step case (a key of Expectations, below). */
export type CaseOperation = OperationName;

export interface CaseGiven {
  /** Relative path (inside the fixture root) → entry. For dispatch: written over the generated package. */
  files?: Record<string, FixtureEntry>;
  /**
   * Operation arguments, passed to the implementation as `case.args`. For dispatch: entries
   * replace the generated arguments (provider, plugin, hooks, event, environment), for cases
   * about malformed requests.
   */
  args?: Record<string, unknown>;
  /** Path of the source directory inside the fixture root; default ".". */
  source?: string;
  /** dispatch: the native event, a recording id or a recording with edits (SPEC 1.6). */
  event?: EventSource;
  /** dispatch: `claude-code` or `codex`; default: the first segment of the recording id. */
  provider?: Provider;
  /** dispatch: the package (directory under plugins/) the hooks are generated into; default "demo". */
  plugin?: string;
  /** dispatch: the package's hooks, each generated as a [[hook]], a node [[tool]] and a handler script. */
  hooks?: DispatchHook[];
  /**
   * dispatch: the harness environment the dispatcher starts in (added to the implementation's own).
   * live: variables added to the pinned harness's sealed environment (the dispatcher inherits them).
   */
  environment?: Record<string, string>;
  /** live: what the scripted model does in the harness run (SPEC 1.7). */
  scenario?: LiveScenario;
  /** multi-step: `plugin.members` of the generated PLUGIN.toml (SPEC 1.11). */
  members?: MemberSpec[];
}

/** A member entry of a generated PLUGIN.toml: `{ ref = "instruction:style", requirement = "recommended" }`. */
export interface MemberSpec {
  ref: string;
  requirement: "required" | "optional" | "recommended";
}

/**
 * live: the scripted model's side of one harness run, in the shape of a recording scenario
 * (recordings/scenarios/*.yaml): the user prompt and the model's turns. Shell commands run in
 * the case's work directory (`<fixture root>/work`).
 */
export interface LiveScenario {
  prompt: string;
  turns: ScenarioTurn[];
  /**
   * Codex only: the run's `sandbox_mode` (default `danger-full-access`, so a tool call's effect is
   * the hook's alone); `read-only` shows what Codex's own sandbox still refuses (PAP-LIVE-REWRITE-SANDBOX).
   */
  codex_sandbox?: CodexSandbox;
}

/** The providers of the pinned harnesses, as papc names them (cases, recordings, protocol). */
export type Provider = "claude-code" | "codex";

/**
 * A native event: the `payload` of recordings/<id>.json (id `<provider>/<version>/<Event>/<name>`),
 * optionally edited: `set` JSON Pointer → value (adds or replaces the last key), then `delete`
 * the listed pointers (each must exist).
 */
export type EventSource = string | EditedEvent;

export interface EditedEvent {
  recording: string;
  set?: Record<string, unknown>;
  delete?: string[];
}

export type HookSubject = "session" | "user_prompt" | "tool_call" | "workflow";
export type HookPhase = "before" | "after" | "end" | "completion_attempt";
export type HookEffect = "observe" | "add_context" | "allow_deny" | "rewrite_input" | "replace_output" | "continue_workflow";
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
export type InputType = "string" | "path" | "integer" | "boolean";

/**
 * One hook of a dispatch case. The kit writes it as a `[[hook]]` (id, tool = id, and every key
 * below with its default) and a `[[tool]]` with the same id: entry `tools/<id>.mjs`, runtime
 * node, cwd tool_root, availability required, and `inputs`, `argv`, `env`.
 */
export interface DispatchHook {
  /** Hook id, also the tool id and the handler's name (`[a-z0-9]` runs joined by single hyphens). */
  id: string;
  /** Default: from the event (SPEC 5.1); required when the event maps to no subject/phase. */
  subject?: HookSubject;
  /** Default: from the event, like `subject`. */
  phase?: HookPhase;
  effect: HookEffect;
  /** Default "required". */
  requirement?: "required" | "optional";
  /**
   * Default: "omit" for an optional hook, none for a required one. `null` leaves it out even for
   * an optional hook (an invalid package, on purpose).
   */
  fallback?: "omit" | null;
  /** Default 2000. */
  timeout_ms?: number;
  /** Default "report". */
  failure_policy?: "report" | "fail_open" | "fail_closed";
  /** Default "user". */
  error_visibility?: "user" | "model_and_user";
  matcher?: { tool_names?: string[] };
  /** Default none. */
  bindings?: HookBinding[];
  /** Default: one required input per binding, named by it, typed by its field (string, path or boolean). */
  inputs?: ToolInput[];
  /** Default: `${input.<name>}` for each input in order. */
  argv?: string[];
  /** The tool's environment allow-list; default none. */
  env?: string[];
  /** What the generated handler does; default: prints {"kind":"abstain"} and exits 0. */
  handler?: HandlerBehaviour;
}

export interface HookBinding {
  input: string;
  field: BindingField;
}

export interface ToolInput {
  name: string;
  type: InputType;
  required?: boolean;
}

/**
 * The generated handler: it records how it was run (argv, environment, cwd, stdin, its own
 * path), then waits `delay_ms`, writes `stderr` and `stdout`, and exits with `exit`.
 */
/** How a handler's sleeper relates to the handler (HandlerBehaviour.spawn_sleeper). */
export type SleeperMode = "group" | "setsid" | "double-fork";

export interface HandlerBehaviour {
  /**
   * An object or array is written as its JSON, a string as it is, `{parts: [...]}` (only that
   * key; the fixture parts form) as the concatenation, for big output, `{base64: "…"}` (only
   * that key) as those bytes, for output that is not UTF-8. Absent: nothing.
   */
  stdout?: HandlerOutput;
  stderr?: string;
  /** Exit status; default 0. */
  exit?: number;
  /** Milliseconds to wait after recording the run and before writing output; default 0. */
  delay_ms?: number;
  /**
   * Start a sleeper that runs for an hour holding the handler's stdout and stderr: `true` (or
   * `group`) in the handler's process group; `setsid` in a session of its own, writing to stderr
   * every 20 ms; `double-fork` started by a child in a new session that exits at once, so the
   * sleeper is in yet another session and nobody's child.
   */
  spawn_sleeper?: boolean | SleeperMode;
  /**
   * Other behaviours for other arguments: the first entry whose `argv` equals the handler's
   * arguments exactly replaces `stdout`, `stderr`, `exit` and `delay_ms` with its own (the ones
   * it leaves out keep the defaults, not the outer values). A live Stop handler uses it to
   * abstain once it sees `workflow.already_continued` bound as "true".
   */
  when?: HandlerVariant[];
}

/** A handler behaviour for one exact argument list (HandlerBehaviour.when). */
export interface HandlerVariant {
  argv: string[];
  stdout?: HandlerOutput;
  stderr?: string;
  exit?: number;
  delay_ms?: number;
}

export type HandlerOutput = string | { parts: FixturePart[] } | { base64: string } | Record<string, unknown> | unknown[];

/** A diagnostic the result must (or must not) contain; fields absent here are not compared. */
export interface DiagnosticPattern {
  code: string;
  path?: string;
  phase?: string;
  severity?: string;
}

export interface DiagnosticsExpectation {
  includes?: DiagnosticPattern[];
  excludes?: DiagnosticPattern[];
  /** Exact number of diagnostics. */
  count?: number;
}

/** What a `validate` case checks; every field is optional and only stated fields are compared. */
export interface ValidateExpectation {
  exit?: number;
  valid?: boolean;
  /** The verdict of the JSON Schema layer alone. */
  structural?: "accept" | "reject";
  diagnostics?: DiagnosticsExpectation;
  /** A subset of report schema 1 that must match (objects: named keys; arrays: exact). */
  report?: Record<string, unknown>;
  /** The fixture tree after the operation (e.g. validation never runs or writes anything). */
  fixture?: FixtureExpectation;
}

/**
 * What a `dispatch` case checks. `response` is the dispatcher's stdout parsed as JSON (empty or
 * whitespace-only stdout is `null`), compared exactly: every key and array element, except
 * where a value matcher stands (`{$string: {...}}`, `{$any: true}`).
 */
export interface DispatchExpectation {
  exit?: number;
  response?: unknown;
  /** Substrings that must not occur in the dispatcher's stdout (secrets, handler stderr). */
  stdout_excludes?: string[];
  /** The result's `stderr`: a literal string (exact) or a value matcher. */
  stderr?: unknown;
  /** Per hook id: how its handler was run, read from the handler's capture after the reply. */
  handlers?: Record<string, HandlerExpectation>;
}

/** How a generated handler was run. argv, env, stdin and cwd must hold for every run. */
export interface HandlerExpectation {
  /** true: ran at least once; false: never started. */
  ran?: boolean;
  /** Exact number of runs. */
  runs?: number;
  /**
   * The handler's arguments (after its entry). An element `{$event: "/pointer"}` stands for the
   * value the sent event holds there, as a binding passes it (strings as they are, booleans as
   * true/false): recorded values that change with every capture (session ids, temp paths) are
   * referenced, never copied into a case.
   */
  argv?: (string | EventValue)[];
  /** The handler's whole environment, exactly. */
  env?: Record<string, string>;
  /** "event": stdin parsed as JSON equals the event sent; any other string: stdin is exactly that text. */
  stdin?: string;
  /** "tool_root": the cwd is the package directory the running entry (tools/<id>.mjs) lies in. */
  cwd?: "tool_root";
  /** The sleeper the handler started (spawn_sleeper) no longer runs once the dispatcher answered. */
  sleeper_gone?: true;
}

/** `{$string: {...}}`: a string that contains every `contains` entry, no `excludes` entry, and has at most `max_bytes` UTF-8 bytes. */
export interface StringMatcher {
  $string: { contains?: string[]; excludes?: string[]; min_bytes?: number; max_bytes?: number };
}

/** `{$event: "/json/pointer"}`: the sent event's value at that pointer, as bound text. */
export interface EventValue {
  $event: string;
}

/** `{$any: true}`: any value, as long as the key is present. */
export interface AnyMatcher {
  $any: true;
}

/**
 * What a `live` case checks (SPEC 1.7): the implementation's projection, then what the real
 * pinned harness did with it against the scripted model. Only stated fields are compared.
 */
export interface LiveExpectation {
  projection?: ProjectionExpectation;
  harness?: HarnessExpectation;
  /** Paths relative to the work directory (`<fixture root>/work`), after the harness run. */
  workdir?: { present?: string[]; absent?: string[] };
  model?: ModelExpectation;
  /** As for dispatch, read from the handlers' captures; argv holds plain strings only. */
  handlers?: Record<string, HandlerExpectation>;
}

/** The projection result: the ids of refused and omitted hooks (as sets, exactly), and its exit. */
export interface ProjectionExpectation {
  exit?: number;
  refused?: string[];
  omitted?: string[];
}

/**
 * What a `project` case checks (SPEC 1.12): the native configuration as data. Only stated fields
 * are compared; `events`, when stated, names every configured event.
 */
export interface ProjectExpectation {
  /** The configured native events, exactly (as a set), each with what its one command must be. */
  events?: Record<string, NativeEventExpectation>;
  /** The projection wrote no configuration at all (`config` null). */
  unconfigured?: true;
  /** The refused hooks' ids, as a set. */
  refused?: string[];
  /** The omitted hooks' ids, as a set. */
  omitted?: string[];
}

/** One configured native event: its matcher, native timeout and the hooks its command dispatches. */
export interface NativeEventExpectation {
  /** null: the event's group has no matcher (every tool); else tool names it must and must not select. */
  matcher?: MatcherExpectation | null;
  /** The command's native `timeout`, in seconds, exactly. */
  timeout?: number;
  /** The hooks whose handlers run when papc runs the event's command with a recorded payload (as a set). */
  dispatches?: string[];
}

/** Tool names a native matcher (a regular expression, searched in the tool name) must select, and must not. */
export interface MatcherExpectation {
  selects: string[];
  rejects?: string[];
}

export interface HarnessExpectation {
  /** The harness's exit status (a run that was killed has none and never matches). */
  exit?: number;
  /** The harness's stdout and stderr together: what its user sees in a non-interactive run. */
  output?: TextExpectation;
}

export interface TextExpectation {
  contains?: string[];
  excludes?: string[];
}

/**
 * The harness's main-loop model requests (requests that offer tools, from the root agent), in
 * the order they reached the scripted model. Texts are matched against every string value of a
 * request body (the prompt, tool results, contexts, system text), never its JSON escaping.
 */
export interface ModelExpectation {
  /** Exact number of main-loop requests. */
  requests?: number;
  /** Per request, by 0-based index. */
  request?: ModelRequestExpectation[];
  /** Over every main-loop request: `contains` in at least one, `excludes` in none. */
  all?: TextExpectation;
}

export interface ModelRequestExpectation extends TextExpectation {
  index: number;
}

/**
 * What a `load-agent-plugin` case checks (SPEC 1.8). Lists of names are compared as sets,
 * exactly: a skill or server more or less is a difference. `diagnostics` (shared with validate)
 * matches by code, path and severity.
 */
export interface AgentPluginExpectation {
  loaded?: boolean;
  /** Named fields only; `null`: no identity (the package was not loaded). */
  identity?: IdentityExpectation | null;
  /** The names of the published skills. */
  skills?: string[];
  /** The published MCP servers: a name, or a pattern whose strings may hold `{plugin_root}` and `{plugin_data}`. */
  mcp_servers?: (string | McpServerPattern)[];
  /** The native events of vendor-contributed hooks, one per handler (a multiset). */
  hooks?: string[];
  /** The names of vendor-contributed apps. */
  apps?: string[];
  /** Vendor interface metadata: named keys must match; `{}` with no keys means "none applies". */
  interface?: Record<string, unknown>;
}

export interface IdentityExpectation {
  name?: string;
  version?: string | null;
  description?: string | null;
}

/**
 * A published MCP server: named fields compared exactly, after `{plugin_root}` and
 * `{plugin_data}` in expected strings are replaced by the result's `plugin_root` and `plugin_data`.
 */
export interface McpServerPattern extends Partial<Omit<AgentPluginMcpServer, "name">> {
  name: string;
}

/**
 * What a `compose` case checks (SPEC 1.9): arrays compare exactly (order matters), except
 * `rejected`, a set; `decision` by its named keys.
 */
export interface ComposeExpectation {
  order?: string[];
  rejected?: ComposeRejection[];
  tools?: { name: string; plugin: string }[];
  fired?: string[];
  decision?: Partial<ComposeDecision>;
  conflicts?: { hooks: string[] }[];
  failures?: { hook: string; code: string }[];
}

/**
 * What a lifecycle step checks (SPEC 1.11): `approved`, `revoked`, `removed` and `kept` as sets,
 * `members` and `instructions` by the refs they name.
 */
export interface LifecycleExpectation {
  /**
   * review: ref ("tool:<id>", "hook:<id>") → the fields of its entry that must be equal (arrays
   * exactly). The map is the whole list: an entry the step does not name is a difference.
   */
  review?: Record<string, Partial<Omit<ReviewEntry, "ref">>>;
  approved?: string[];
  revoked?: string[];
  activation?: "active" | "blocked";
  /** ref → expected status. */
  members?: Record<string, "active" | "omitted" | "blocked" | "inactive">;
  /** ref → where the instruction applies; `file` relative to the fixture root. Named keys only. */
  instructions?: Record<string, InstructionExpectation>;
  /** Files relative to the fixture root. */
  removed?: string[];
  /** Refs of the owned blocks a removal left in place. */
  kept?: string[];
  /** Any step: files on disk after the step, by path relative to the fixture root. */
  files?: Record<string, FileExpectation>;
}

export interface InstructionExpectation {
  scope?: "project" | "user";
  file?: string;
  written?: boolean;
}

/**
 * A file after a step: `absent`, exact `text` (UTF-8), substrings it `contains` and `excludes`,
 * or `as_given`: exactly the bytes `given.files` wrote there.
 */
export interface FileExpectation {
  absent?: true;
  text?: string;
  contains?: string[];
  excludes?: string[];
  /** Substring → how many times it occurs, exactly. */
  occurrences?: Record<string, number>;
  as_given?: true;
}

/** Every key an `expect` may hold; each operation uses its own (SPEC 1.3, 1.6-1.9, 1.11). */
export interface CaseExpectation
  extends ValidateExpectation,
    DispatchExpectation,
    LiveExpectation,
    ProjectExpectation,
    AgentPluginExpectation,
    ComposeExpectation,
    LifecycleExpectation {}

/** What every operation's `expect` may hold besides its own keys; `files` only in a step (SPEC 1.11). */
export interface EveryExpectation {
  exit?: number;
  files?: Record<string, FileExpectation>;
}

/**
 * Each operation's `expect`, by operation: what a case of it may state, and all its definition
 * (runner/src/operations/<name>/) is given to judge. An operation added outside this file adds
 * its entry to this interface from its own folder (`declare module`), as
 * runner/test/toy-operation.test.ts does.
 */
export interface Expectations {
  validate: ValidateExpectation;
  "validate-cli": ValidateExpectation & Pick<DispatchExpectation, "stderr">;
  dispatch: DispatchExpectation;
  live: LiveExpectation;
  project: ProjectExpectation;
  "load-agent-plugin": AgentPluginExpectation & Pick<ValidateExpectation, "diagnostics">;
  compose: ComposeExpectation;
  review: LifecycleExpectation;
  approve: LifecycleExpectation;
  revoke: LifecycleExpectation;
  activate: LifecycleExpectation;
  remove: LifecycleExpectation;
  /** A multi-step case: its steps have the expectations. */
  steps: Record<string, never>;
}

/** An operation a case or step can name: a key of Expectations. */
export type OperationName = keyof Expectations & string;

/** The keys of an operation's own `expect` (every key, for a union of operations). */
export type ExpectKey<O extends OperationName> = O extends OperationName ? Exclude<keyof Expectations[O], keyof EveryExpectation> & string : never;

/** One step of a multi-step case (SPEC 1.11): an operation with its expectation, or an edit papc applies. */
export interface CaseStep {
  /** For reports: the step is named by it, else by its number and operation. */
  name?: string;
  operation?: string;
  /** Over the arguments papc builds for the operation; paths relative to the fixture root. */
  args?: Record<string, unknown>;
  /** The source directory for this step, inside the fixture root; default given.source (another download, say). */
  source?: string;
  expect?: CaseExpectation;
  edit?: FixtureEdit;
}

/** A change papc makes to the fixture between steps. */
export interface FixtureEdit {
  /** Entries written as in given.files, replacing whatever is at the path. */
  files?: Record<string, FixtureEntry>;
  /** Text appended to existing files. */
  append?: Record<string, string>;
  /** In an existing file, the first occurrence of `text` replaced `with` (a user editing inside a block, say). */
  replace?: Record<string, { text: string; with: string }>;
  /** Paths removed (files, links or whole directories). */
  remove?: string[];
}

/** Checked by the runner on disk after the implementation answered, before cleanup. */
export interface FixtureExpectation {
  /** Paths (relative to the fixture root) that must not exist afterwards. */
  absent?: string[];
  /** Paths that must exist afterwards. */
  present?: string[];
  /** Every entry of the fixture tree is byte-for-byte as materialized (types, modes, contents, links). */
  unchanged?: true;
}

/** A case as written in a file (after a table file's defaults are merged in). */
export interface CaseSpec {
  id: string;
  title: string;
  spec: string[];
  /** "steps" is set by the loader for a multi-step case; files write `steps:` instead. */
  operation: CaseOperation;
  given?: CaseGiven;
  /** A multi-step case has none (its steps have theirs); the loader sets {}. */
  expect: CaseExpectation;
  /** A multi-step case (SPEC 1.11). */
  steps?: CaseStep[];
  /** Free text for readers; ignored by the runner. */
  notes?: string;
  /**
   * For coverage only: whether the case shows a rule accepting or rejecting input, where the
   * expected validity does not say it (e.g. a skill refused with a warning in a valid source).
   */
  polarity?: "accepting" | "rejecting";
  /**
   * A live case (or one with live steps): the cells of the compatibility matrix it proves, each
   * a native event and one kind of cell with its row (SPEC KIT-LIVE-PROVES). The matrix cites the
   * case only there, and only where its run exercised the cell too.
   */
  proves?: LiveProof[];
}

/** One cell a live case proves: `{ event: PreToolUse, effect: allow_deny (deny) }`. */
export interface LiveProof {
  event: string;
  effect?: string;
  failure?: string;
  refused?: string;
  omitted?: string;
  untrusted?: string;
}

/** A file holding several cases: top-level keys are defaults for every entry of `cases`. */
export interface CaseTableFile {
  title?: string;
  spec?: string[];
  operation?: Operation;
  given?: CaseGiven;
  expect?: CaseExpectation;
  notes?: string;
  polarity?: "accepting" | "rejecting";
  cases: Partial<CaseSpec>[];
}

export type CaseFile = CaseSpec | CaseTableFile;

/** A case as the runner holds it after loading. */
export interface LoadedCase extends CaseSpec {
  /** Area: the case id without its last segment ("manifest/structural"). */
  area: string;
  /** sha256 over the normalized case and every file it references. */
  hash: string;
  /** Where it was written: for errors and reports. */
  location: { file: string; line: number };
  /** dispatch: the event and hooks, resolved when the case was loaded. */
  dispatch?: ResolvedDispatch;
  /** live: the provider, package, hooks and scenario, resolved when the case was loaded. */
  live?: ResolvedLive;
  /** project: the provider, package, hooks and the payloads its commands are run with, resolved when the case was loaded. */
  project?: ResolvedProject;
}

/**
 * A loaded case of operation `O`: its `expect` is that operation's and nothing else (loading
 * refuses another operation's keys: operation-mismatch). For a union of operations, a union of
 * cases keyed by `operation`.
 */
export type CaseOf<O extends OperationName> = O extends OperationName
  ? Omit<LoadedCase, "operation" | "expect"> & { operation: O; expect: Expectations[O] & EveryExpectation }
  : never;

/** A loaded case, keyed by its operation. */
export type Case = CaseOf<OperationName>;

/** A project case's `given` with every default applied (SPEC 1.12). */
export interface ResolvedProject {
  provider: Provider;
  plugin: string;
  hooks: ResolvedHook[];
  /** Per native event the package's hooks map to: the recording whose payload that event's projected command is run with. */
  payloads: Record<string, { recording: string; payload: Record<string, unknown> }>;
}

/** A live case's `given` with every default applied. */
export interface ResolvedLive {
  provider: Provider;
  plugin: string;
  hooks: ResolvedHook[];
  scenario: LiveScenario;
}

/** A dispatch case's `given`, with the recording read and every default applied. */
export interface ResolvedDispatch {
  provider: string;
  /** The recording id the event came from. */
  recording: string;
  /** The native event name (the recording id's third segment, e.g. "PreToolUse"). */
  eventName: string;
  /** The payload after `set` and `delete`: what the harness writes on the dispatcher's stdin. */
  event: unknown;
  plugin: string;
  hooks: ResolvedHook[];
}

/** A hook with its defaults applied: exactly what the generated PLUGIN.toml and handler hold. */
export interface ResolvedHook {
  id: string;
  subject: HookSubject;
  phase: HookPhase;
  effect: HookEffect;
  requirement: "required" | "optional";
  fallback?: "omit";
  timeout_ms: number;
  failure_policy: "report" | "fail_open" | "fail_closed";
  error_visibility: "user" | "model_and_user";
  matcher?: { tool_names?: string[] };
  bindings: HookBinding[];
  inputs: ToolInput[];
  argv: string[];
  env: string[];
  handler: HandlerBehaviour;
}

/** cases/EXCLUSIONS.yaml: requirements deliberately without a case. */
export interface Exclusion {
  id: string;
  reason: string;
  /** A test file (relative to the kit root) that checks the requirement instead; it must name the ID. */
  tested_by?: string;
}

export interface ExclusionsFile {
  exclusions: Exclusion[];
}
