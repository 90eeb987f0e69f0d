// What `papc new case --operation live` writes below a new case's id, title and spec: every
// field the operation needs, with a TODO where the author must decide.

export const liveScaffold = {
  exampleRequirement: "PAP-LIVE-DENY",
  body: [
    "    given:",
    "      provider: TODO  # TODO: claude-code or codex",
    "      hooks:",
    "        - id: gate",
    "          subject: tool_call",
    "          phase: before",
    "          effect: TODO  # TODO: observe, add_context, allow_deny, rewrite_input, replace_output or continue_workflow",
    "          handler: { stdout: { kind: abstain } }  # TODO: what the handler prints (a portable result, SPEC.md 5.4)",
    "      scenario:  # TODO: what the scripted model does in the harness run (shell commands run in the work directory)",
    "        prompt: Create the marker file.",
    "        turns:",
    "          - tool: shell",
    "            arguments: { command: touch ran-original }",
    "          - text: Done.",
    "    expect:",
    "      projection: { exit: TODO }  # TODO: the projection's exit (0 when nothing is refused); optionally refused: [ids], omitted: [ids]",
    "      handlers:",
    "        gate: { runs: TODO }  # TODO: how often the handler ran; optionally argv, env, stdin",
    "      # optional: harness: { exit, output }; workdir: { present, absent }; model: { requests, request, all } (SPEC.md 1.7)",
  ],
};
