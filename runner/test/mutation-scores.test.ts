// The mutation score tables of README.md and runner/mutation/README.md are generated from the
// committed baseline (runner/mutation/score-table.mjs), never typed: each file's table must be
// exactly the baseline's.

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KIT_ROOT } from "./helpers.js";

// @ts-expect-error: a plain ESM script without type declarations
const { scoreTable, withTable, TABLE_FILES } = (await import("../mutation/score-table.mjs")) as {
  scoreTable: () => string;
  withTable: (text: string, table: string, file: string) => string;
  TABLE_FILES: string[];
};

describe("the mutation score tables", () => {
  const table = scoreTable();

  it("list every module of the reference with its score, honest score, census score and target", () => {
    for (const module of ["validator", "dispatcher", "projection", "loader", "lifecycle", "composition"])
      expect(table).toMatch(new RegExp(`\\n\\| ${module} \\| [\\d.]+ % \\| [\\d.]+ % \\|`));
  });

  for (const file of ["README.md", "runner/mutation/README.md"]) {
    it(`${file} shows the baseline's table (node runner/mutation/score-table.mjs --write)`, async () => {
      expect(TABLE_FILES).toContain(file);
      const text = await readFile(join(KIT_ROOT, file), "utf8");
      expect(text).toBe(withTable(text, table, file));
    });
  }
});
