// What `papc new case --operation compose` writes below a new case's id, title and spec: every
// field the operation needs, with a TODO where the author must decide.

import { block } from "../validate/scaffold.js";

/** One tool and one allow_deny hook on tool_call/before. */
const GATE_MANIFEST = [
  "schema_version = 1",
  "",
  "[plugin]",
  'name = "demo"',
  'description = "The demo package."',
  "",
  "[[tool]]",
  "schema_version = 1",
  'id = "gate"',
  'entry = "tools/gate.mjs"',
  'runtime = "node"',
  "argv = []",
  'cwd = "tool_root"',
  'availability = "required"',
  "",
  "[[hook]]",
  "schema_version = 1",
  'id = "gate"',
  'tool = "gate"',
  'subject = "tool_call"',
  'phase = "before"',
  'effect = "allow_deny"',
  'requirement = "required"',
  "timeout_ms = 1000",
  'failure_policy = "report"',
  'retry = "never"',
  'error_visibility = "user"',
  'blocking_scope = "matched_event"',
];

export const composeScaffold = {
  exampleRequirement: "HOST-DENY-WINS",
  body: [
    "    given:",
    "      args:",
    "        packages: [company/plugins/demo]  # TODO: the package directories to compose, in registration order",
    "        event: { hook: PreToolUse, tool_name: Bash }  # TODO: the host hook (and, for tool hooks, the tool)",
    '        results: { "demo#hook:gate": { kind: deny, reason: "no" } }  # TODO: each hook\'s portable result by identity; absent: abstain',
    "      files:  # TODO: the packages; this one holds one tool and one allow_deny hook on tool_call/before",
    "        company/plugins/demo/PLUGIN.toml: |",
    ...block(10, GATE_MANIFEST),
    '        company/plugins/demo/tools/gate.mjs: "export {};\\n"',
    "    expect:",
    "      order: TODO  # TODO: the accepted plugin names in composition order, e.g. [demo]",
    "      decision: { kind: TODO }  # TODO: none, allow, deny, rewrite_input, replace_output or continue_workflow (with reason, context, input or output)",
    "      # optional: rejected: [{ package, code }]; tools: [{ name, plugin }]; fired: [identity…]; conflicts; failures (SPEC.md 1.9)",
  ],
};
