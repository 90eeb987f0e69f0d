// A run report's header for tests that build reports by hand (badge, Markdown rendering).

import type { ReportHeader } from "../src/types/run-report.js";

export const HEADER: ReportHeader = {
  type: "header",
  report_schema: 1,
  kit: { name: "papc", version: "0.1.0" },
  suite: { hash: "a".repeat(64), cases: 0 },
  adapter: { name: "impl", mode: "persistent", command: ["impl"] },
  implementation: { protocol: 1, implementation: { name: "impl", version: "1.0" }, operations: ["validate"] },
  environment: { node: "v20.0.0", platform: "linux", arch: "x64", cpus: 2 },
  started_at: "2026-12-03T00:00:00.000Z",
};
