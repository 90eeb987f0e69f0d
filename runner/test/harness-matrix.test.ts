// The harness version matrix (KIT-HARNESS-MATRIX): docs/harness-versions.md is what the committed
// run (reports/published/harness-versions.json) renders, covering the pinned and the latest
// version of both harnesses; a change of outcome is rendered with its bisected first release.

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { HarnessMatrix } from "../src/harness-matrix/matrix.js";
import { MATRIX_DOC, MATRIX_JSON, renderMatrix } from "../src/harness-matrix/matrix-markdown.js";
import { loadPins } from "../src/harness/pins.js";
import { KIT_ROOT } from "./helpers.js";

describe("docs/harness-versions.md", () => {
  it("is what the committed matrix run renders, and covers both pins and a later version of each", async () => {
    const matrix = JSON.parse(await readFile(join(KIT_ROOT, MATRIX_JSON), "utf8")) as HarnessMatrix;
    expect(await readFile(join(KIT_ROOT, MATRIX_DOC), "utf8")).toBe(renderMatrix(matrix));
    for (const pin of await loadPins(join(KIT_ROOT, "recordings"))) {
      const versions = matrix.versions.filter((v) => v.provider === pin.provider);
      expect(versions.find((v) => v.pinned)?.version).toBe(pin.version);
      expect(versions.some((v) => !v.pinned && v.drift !== undefined && Object.keys(v.live).length > 0)).toBe(true);
    }
  });

  it("renders a change of outcome with the first release that shows it and what was probed", () => {
    const version = (v: string, outcome: string) => ({
      provider: "codex" as const,
      package: "@openai/codex",
      version: v,
      pinned: v === "0.147.0",
      version_output: `codex-cli ${v}`,
      live: { "live/codex/x": outcome },
    });
    const matrix: HarnessMatrix = {
      matrix: 1,
      generated_at: "2026-12-05T00:00:00.000Z",
      requested: ["codex@0.147.0,0.171.0"],
      duration_ms: 1000,
      versions: [version("0.147.0", "pass"), { ...version("0.171.0", "fail"), drift: { provider: "codex", from: "0.147.0", to: "0.171.0", compared: 14, events: [] } }],
      changes: [
        {
          provider: "codex",
          case: "live/codex/x",
          from: { version: "0.147.0", outcome: "pass" },
          to: { version: "0.171.0", outcome: "fail" },
          bisection: {
            first: "0.160.0",
            last_same: "0.159.0",
            probed: [
              { version: "0.159.0", observed: "pass" },
              { version: "0.160.0", observed: "fail" },
            ],
          },
        },
      ],
    };
    const text = renderMatrix(matrix);
    expect(text).toContain("| 0.171.0 | codex-cli 0.171.0 | none (14 recordings) | 0/1 |");
    expect(text).toContain("| live/codex/x | pass | fail |");
    expect(text).toContain("- live/codex/x: pass on 0.147.0, fail on 0.171.0; first changed in **0.160.0** (last as before: 0.159.0; probed 0.159.0 pass, 0.160.0 fail)");
  });
});
