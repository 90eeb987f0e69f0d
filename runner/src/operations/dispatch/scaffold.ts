// What `papc new case --operation dispatch` writes below a new case's id, title and spec: every
// field the operation needs, with a TODO where the author must decide.

export const dispatchScaffold = {
  exampleRequirement: "PAP-NATIVE-PRETOOLUSE-DENY",
  body: [
    "    given:",
    "      event: claude-code/2.1.233/PreToolUse/bash-echo  # TODO: the native event: a recording id (recordings/<provider>/<version>/<Event>/<name>), or { recording: …, set: {…}, delete: […] }",
    "      hooks:",
    "        - id: gate",
    "          effect: TODO  # TODO: observe, add_context, allow_deny, rewrite_input, replace_output or continue_workflow",
    "          handler: { stdout: { kind: abstain } }  # TODO: what the handler prints (a portable result, SPEC.md 5.4), and stderr, exit, delay_ms",
    "          # optional: subject, phase, requirement, fallback, timeout_ms, failure_policy, error_visibility, matcher, bindings, inputs, argv, env (SPEC.md 1.6)",
    "    expect:",
    "      exit: TODO  # TODO: the dispatcher's exit status",
    "      response: {}  # TODO: the native response: stdout parsed as JSON (null for empty stdout), compared exactly",
    "      handlers:",
    "        gate: { ran: TODO }  # TODO: true or false; optionally runs, argv, env, stdin, cwd",
  ],
};
