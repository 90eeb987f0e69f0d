// What `papc new case --operation project` writes below a new case's id, title and spec.

export const projectScaffold = {
  exampleRequirement: "PAP-PROJECT-EVENTS",
  body: [
    "    given:",
    "      provider: claude-code  # TODO: claude-code or codex",
    "      hooks:  # TODO: the package's hooks; each names its subject and phase",
    "        - { id: gate, subject: tool_call, phase: before, effect: allow_deny, matcher: { tool_names: [Bash] } }",
    "    expect:",
    "      exit: 0",
    "      events:  # TODO: every native event the projection configures, and what its one command must be",
    "        PreToolUse: { matcher: { selects: [Bash], rejects: [Bashful] }, timeout: 3, dispatches: [gate] }",
    "      # optional: refused: [hook…]; omitted: [hook…]; unconfigured: true (no configuration at all) (SPEC.md 1.12)",
  ],
};
