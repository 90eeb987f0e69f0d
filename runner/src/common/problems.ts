// Lint findings as a typed union of codes (after publint): detection produces these,
// rendering (common/render-problems.ts) turns them into text. Every finding names file and line.

export type LintCode =
  | "yaml-syntax"
  | "case-schema"
  | "duplicate-id"
  | "id-outside-folder"
  | "unknown-requirement"
  | "uncovered-requirement"
  | "fixture-path-escapes"
  | "spec-format"
  | "exclusion-schema"
  | "exclusion-unknown-requirement"
  | "exclusion-also-covered"
  | "exclusion-test-missing"
  | "adapter-schema"
  | "baseline-unknown-case"
  | "operation-mismatch"
  | "unknown-recording"
  | "event-edit"
  | "unknown-provider"
  | "duplicate-hook-id"
  | "hook-subject-needed"
  | "unknown-hook"
  | "scenario-tool"
  | "live-event-value"
  | "live-proves"
  | "compose-args"
  | "project-expect"
  | "validate-cli-args"
  | "case-file-bounds"
  | "fixture-bounds"
  | "fixture-range"
  | "todo-left"
  | "unknown-step-operation"
  | "step-shape"
  | "no-teeth";

export interface LintProblem {
  code: LintCode;
  /** Path relative to the kit root. */
  file: string;
  line: number;
  message: string;
  /** How to fix it, in one sentence. */
  fix: string;
  /** The case the finding belongs to, when there is one. */
  caseId?: string;
}

export const FIXES: Record<LintCode, string> = {
  "yaml-syntax": "Fix the YAML syntax at this line (indentation, quoting, a stray tab).",
  "case-schema": "Make the case match runner/schemas/case.schema.json (see SPEC.md, Case format).",
  "duplicate-id": "Give one of the cases a new id; ids are never reused.",
  "id-outside-folder": "Start the case id with the file's folder under cases/ (e.g. manifest/structural/...).",
  "unknown-requirement": "Use a requirement ID defined in SPEC.md, or add the requirement there first.",
  "uncovered-requirement": "Add a case whose `spec` lists this ID, or an entry in cases/EXCLUSIONS.yaml with a reason.",
  "fixture-path-escapes": "Write fixture paths relative to the fixture root, without '..', and not below a symlink entry.",
  "spec-format": "Write requirement lines as `- **[ID]** LEVEL (SOURCE): TEXT` with a unique ID.",
  "exclusion-schema": "Each EXCLUSIONS.yaml entry needs `id` and `reason` (and optionally `tested_by`).",
  "exclusion-unknown-requirement": "Exclude only requirement IDs that SPEC.md defines.",
  "exclusion-also-covered": "Remove the exclusion: a case already covers this requirement.",
  "exclusion-test-missing": "Point `tested_by` at an existing test file that mentions the requirement ID.",
  "adapter-schema": "Make adapter.yaml match runner/schemas/adapter.schema.json.",
  "baseline-unknown-case": "Remove the baseline entry or fix its case id.",
  "operation-mismatch": "Use only the given/expect keys of the case's operation (SPEC.md 1.1: validate 1.3, dispatch 1.6, live 1.7).",
  "unknown-recording": "Name a recording id that exists as recordings/<id>.json (`ls recordings/`), or record or write that fixture first.",
  "event-edit": "Point set/delete at the recorded payload (JSON Pointer such as /tool_input/command): set needs an existing parent, delete an existing key.",
  "unknown-provider": "Set given.provider to claude-code or codex when the recording id does not start with one of them.",
  "duplicate-hook-id": "Give every hook of the case its own id; it is also the tool id and the handler's name.",
  "hook-subject-needed": "Give the hook `subject` and `phase`: its event maps to none (SPEC.md 5.1), or it is a live case's hook (no event to take them from).",
  "unknown-hook":
    "Name only hooks of given.hooks in expect.handlers (and expect.projection, or a project case's refused, omitted and dispatches), and expect sleeper_gone only where the handler sets spawn_sleeper.",
  "project-expect": "State either expect.unconfigured (no configuration at all) or expect.events (the configured events), not both.",
  "scenario-tool": "Use a tool the case's provider offers the model (claude-code: shell, subagent; codex: shell, apply_patch, subagent, subagent_wait).",
  "live-event-value": "A live case sends no event of its own: write the handler's expected arguments as plain strings.",
  "live-proves":
    "List in `proves` only cells a hook of the case can exercise (an event its subject and phase map to for the case's provider), in a live case or one with live steps (SPEC KIT-LIVE-PROVES).",
  "fixture-bounds": "Keep what a fixture writes under 64 MiB (each entry and all together): use a sparse { size } for a big file whose bytes do not matter.",
  "fixture-range": "Write one {first..last} per fixture key, first at most last, naming at most 100000 keys, and let no two range keys name the same path.",
  "case-file-bounds": "Keep a case file under 2 MiB, its YAML aliases under 100 and its nesting shallow: split a large table into several files.",
  "validate-cli-args": 'Give validate-cli cases args {argv: [the words after the validator\'s command name, with "{source}" for the source directory]} (SPEC.md 1.3).',
  "compose-args":
    "Give compose cases args {packages: [dirs holding a PLUGIN.toml the case writes], event: {hook, tool_name?}, results: {<plugin>#hook:<id>: result}} (SPEC.md 1.9).",
  "unknown-step-operation": "Give the step one of the step operations (validate, dispatch, live, review, approve, revoke, activate, remove), or make it an `edit` (SPEC.md 1.11).",
  "step-shape": "Write each step as `operation` with its `expect` (and optional `args`), or as `edit` alone; give the case what its steps need (SPEC.md 1.11).",
  "no-teeth": "Expect what a conforming validator reports and a constant one cannot: `valid` or `structural`, or diagnostics by code and path (SPEC.md 1.3).",
  "todo-left": "Do what the marker asks (papc new case writes one on each line to fill), then delete the # TODO.",
};

export function problem(code: LintCode, file: string, line: number, message: string, caseId?: string): LintProblem {
  return caseId === undefined ? { code, file, line, message, fix: FIXES[code] } : { code, file, line, message, fix: FIXES[code], caseId };
}
