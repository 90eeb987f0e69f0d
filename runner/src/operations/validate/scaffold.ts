// What `papc new case --operation validate` writes below a new case's id, title and spec: every
// field the operation needs, with a TODO where the author must decide.

/** A valid minimal manifest, the package most new validate cases start from. */
export const MANIFEST = ["schema_version = 1", "", "[plugin]", 'name = "demo"', 'description = "Demo package"'];

/** `lines` indented by `indent` spaces (blank lines stay empty), to nest text in a YAML block. */
export const block = (indent: number, lines: readonly string[]): string[] => lines.map((l) => (l === "" ? "" : `${" ".repeat(indent)}${l}`));

export const validateScaffold = {
  exampleRequirement: "PAP-SEM-RESOLVE-SKILL",
  body: [
    "    given:",
    "      files:  # TODO: the source tree (paths relative to the source root); this package is valid as it stands",
    "        plugins/demo/PLUGIN.toml: |",
    ...block(10, MANIFEST),
    "    expect:",
    "      exit: TODO  # TODO: 0 (valid), 1 (invalid) or 2 (usage error)",
    "      valid: TODO  # TODO: true or false",
    "      # optional: structural: accept|reject; diagnostics: { includes: [{ code: …, path: … }], excludes: […], count: N };",
    "      # report: {…} (a subset of report schema 1); fixture: { absent: [RAN], unchanged: true } (SPEC.md 1.3)",
  ],
};
