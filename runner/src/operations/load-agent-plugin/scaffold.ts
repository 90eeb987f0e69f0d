// What `papc new case --operation load-agent-plugin` writes below a new case's id, title and spec: every
// field the operation needs, with a TODO where the author must decide.

import { block } from "../validate/scaffold.js";

export const loadAgentPluginScaffold = {
  exampleRequirement: "AP-MANIFEST-OBJECT",
  body: [
    "    given:",
    "      source: demo",
    "      files:  # TODO: the package under test (its root is given.source); this one is valid as it stands",
    "        demo/plugin.json: |",
    ...block(10, [
      "{",
      '  "$schema": "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json",',
      '  "name": "demo",',
      '  "version": "1.0.0",',
      '  "description": "Demo plugin"',
      "}",
    ]),
    '        demo/skills/hello/SKILL.md: "---\\nname: hello\\ndescription: Says hello\\n---\\nSay hello to the user.\\n"',
    "    expect:",
    "      loaded: TODO  # TODO: true or false",
    "      skills: TODO  # TODO: the names of the published skills, e.g. [hello] ([] when nothing loads)",
    "      # optional: identity: { name, version, description } (null when not loaded); mcp_servers; hooks; apps; interface; diagnostics (SPEC.md 1.8)",
  ],
};
