// `papc recordings verify` (offline): the committed recordings pass; a copy with one value
// changed by hand, a documented fixture placed as a recording, a moved file, an unpinned
// version, a missing volatile pointer and an unused recording are each a finding naming the file.
// Requirements: KIT-RECORDING-VERIFY, KIT-RECORDING-PROVENANCE (SPEC.md; listed in cases/EXCLUSIONS.yaml with this file).

import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { dir as tmpDir } from "tmp-promise";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listRecordingFiles } from "../src/recordings/files.js";
import { verifyRecordings } from "../src/recordings/verify.js";
import type { Recording } from "../src/types/recording.js";
import { KIT_ROOT, PAPC } from "./helpers.js";

const RECORDINGS = join(KIT_ROOT, "recordings");
const CASES = join(KIT_ROOT, "cases");
const EDITED = "claude-code/2.1.233/PreToolUse/bash-echo.json";

let tmp: { path: string; cleanup(): Promise<void> };
let root: string;
let emptyCases: string;
beforeEach(async () => {
  tmp = await tmpDir({ unsafeCleanup: true });
  root = join(tmp.path, "recordings");
  emptyCases = join(tmp.path, "cases");
  await cp(RECORDINGS, root, { recursive: true });
  await mkdir(emptyCases);
});
afterEach(() => tmp.cleanup());

const load = async (rel: string): Promise<Recording> => JSON.parse(await readFile(join(root, rel), "utf8")) as Recording;
const save = (rel: string, r: Recording): Promise<void> =>
  mkdir(join(root, rel, ".."), { recursive: true }).then(() => writeFile(join(root, rel), `${JSON.stringify(r, null, 2)}\n`));
const invalid = async (): Promise<string[]> => (await verifyRecordings({ root, casesDir: emptyCases, allowUnused: true })).findings.map((f) => `${f.file}: ${f.message}`);

describe("papc recordings verify", () => {
  it("accepts the committed recordings: schema, pin, hash, path, volatile pointers, and each used by a case", async () => {
    const r = await verifyRecordings({ root: RECORDINGS, casesDir: CASES, allowUnused: false });
    expect(r.findings.map((f) => `${f.file}: ${f.message}`)).toEqual([]);
    expect(r.checked).toBeGreaterThanOrEqual(26);
  });

  it("refuses a recording whose payload was changed by hand (sha256)", async () => {
    const r = await load(EDITED);
    (r.payload.tool_input as Record<string, unknown>).command = "echo goodbye";
    await save(EDITED, r);
    const findings = await invalid();
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(/^recordings\/claude-code\/2\.1\.233\/PreToolUse\/bash-echo\.json: sha256 [0-9a-f]{64} does not match the payload/);
  });

  it("fails `papc recordings verify` on that edited copy (exit 1, naming the file)", async () => {
    const r = await load(EDITED);
    r.payload.permission_mode = "plan";
    await save(EDITED, r);
    const run = await execa("node", [PAPC, "recordings", "verify", "--allow-unused", "--recordings", root, "--cases", emptyCases], { reject: false });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(`recordings/${EDITED}: sha256`);
    expect(run.stdout).toMatch(/1 finding\(s\) in \d+ recording file\(s\)/);
  });

  it("refuses a documented fixture placed as a recording", async () => {
    const r = await load(EDITED);
    await save(EDITED, { ...r, origin: "documented" });
    expect(await invalid()).toEqual([`recordings/${EDITED}: origin is "documented": a hand-written fixture is never placed as a recording; move it out of recordings/`]);
  });

  it("refuses a file whose path does not match its fields, an unpinned version, a bad schema and a missing volatile pointer", async () => {
    const r = await load(EDITED);
    await rm(join(root, EDITED));
    await save("claude-code/2.1.233/PreToolUse/other.json", r);
    await save("codex/9.9.9/Stop/bash-echo.json", { ...(await load("codex/0.147.0/Stop/bash-echo.json")), version: "9.9.9" });
    await save("codex/0.147.0/SessionEnd/bash-echo.json", { ...(await load("codex/0.147.0/SessionEnd/bash-echo.json")), volatile: ["/session_id", "/turn_id"] });
    await writeFile(join(root, "codex/0.147.0/Stop/stray.json"), '{"recording": 2}');
    const findings = await invalid();
    expect(findings).toContain(`recordings/claude-code/2.1.233/PreToolUse/other.json: its fields say it belongs at recordings/${EDITED}`);
    expect(findings).toContain("recordings/codex/9.9.9/Stop/bash-echo.json: codex 9.9.9 is not pinned in recordings/pins.yaml (pinned: claude-code 2.1.233, codex 0.147.0)");
    expect(findings).toContain("recordings/codex/0.147.0/SessionEnd/bash-echo.json: volatile pointer /turn_id is not in the payload");
    expect(findings.find((f) => f.startsWith("recordings/codex/0.147.0/Stop/stray.json: does not match runner/schemas/recording.schema.json"))).toBeDefined();
  });

  it("reports a recording no case uses (a note with allowUnused), and a case that names a missing recording", async () => {
    const strict = await verifyRecordings({ root, casesDir: emptyCases });
    const files = await listRecordingFiles(root);
    expect(strict.findings.filter((f) => f.kind === "unused")).toHaveLength(files.length);
    expect(strict.findings[0]!.message).toMatch(/^not used by any case \(no case under cases\/ has given.event /);

    await writeFile(
      join(emptyCases, "uses.yaml"),
      ["cases:", "  - given:", "      event: codex/0.147.0/Stop/bash-echo", "  - given:", "      event: { recording: codex/0.147.0/Stop/nope, payload: {} }", ""].join("\n"),
    );
    const r = await verifyRecordings({ root, casesDir: emptyCases });
    expect(r.findings.some((f) => f.file === "recordings/codex/0.147.0/Stop/bash-echo.json")).toBe(false);
    expect(r.findings.filter((f) => f.kind === "invalid").map((f) => `${f.file}: ${f.message}`)).toEqual([
      "cases/uses.yaml: given.event refers to codex/0.147.0/Stop/nope, which is not a recording under recordings/",
    ]);
    const lenient = await verifyRecordings({ root, casesDir: emptyCases, allowUnused: true });
    expect(lenient.notes).toHaveLength(files.length - 1);
    expect(lenient.findings).toHaveLength(1);
  });
});
