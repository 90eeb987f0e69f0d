// What `papc new case --operation validate-cli` writes below a new case's id, title and spec: every
// field the operation needs, with a TODO where the author must decide.

import { block, MANIFEST } from "../validate/scaffold.js";

export const validateCliScaffold = {
  exampleRequirement: "PAP-CLI-EXIT-USAGE",
  body: [
    "    given:",
    "      args:",
    '        argv: [--json, plugin, validate, "{source}"]  # TODO: the words after the validator\'s command name; "{source}" is the source directory',
    "      files:  # TODO: the source tree; this package is valid as it stands",
    "        plugins/demo/PLUGIN.toml: |",
    ...block(10, MANIFEST),
    "    expect:",
    "      exit: TODO  # TODO: 0 (valid), 1 (invalid) or 2 (usage error)",
    "      # optional: stderr: { $string: { min_bytes: 1 } } (something said on stderr); valid, diagnostics, report as for validate (SPEC.md 1.3)",
  ],
};
