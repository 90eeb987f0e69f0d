// `papc recordings verify` (offline): every recording file against its schema, its pin, its
// hash, its path, its volatile pointers, and the cases that use it.

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { canonicalJson, sha256 } from "../common/canonical.js";
import { loadPins } from "../harness/pins.js";
import { check, describeErrors } from "../schemas/registry.js";
import type { HarnessPin, Recording } from "../types/recording.js";
import { idOfPath, listRecordingFiles, recordingPath } from "./files.js";
import { loadScenarios } from "./scenarios.js";
import { recordingUses } from "./usage.js";
import { hasPointer } from "./volatile.js";

export interface Finding {
  /** Path relative to the kit root (e.g. recordings/codex/0.147.0/Stop/bash-echo.json). */
  file: string;
  message: string;
  /** "unused" findings are notes with allowUnused. */
  kind: "invalid" | "unused";
}

export interface VerifyOptions {
  /** The recordings folder (recordings/ of the kit). */
  root: string;
  /** Where case files are (cases/ of the kit). */
  casesDir: string;
  /** Paths in findings are relative to this folder's parent name, e.g. "recordings". */
  label?: string;
  /** An unused recording is a note, not a failure (until cases exist). */
  allowUnused?: boolean;
  /**
   * Versions other than the pins (`--harness`): only their recordings under `root` are checked,
   * against these pins, with pins.yaml and the scenarios read from `pinsRoot`; no case uses them.
   */
  versions?: { pins: HarnessPin[]; pinsRoot: string };
}

export interface VerifyResult {
  checked: number;
  findings: Finding[];
  notes: Finding[];
}

export async function verifyRecordings(options: VerifyOptions): Promise<VerifyResult> {
  const label = options.label ?? "recordings";
  const findings: Finding[] = [];
  const add = (rel: string, message: string, kind: Finding["kind"] = "invalid"): void => {
    findings.push({ file: `${label}/${rel}`, message, kind });
  };

  const pinsRoot = options.versions?.pinsRoot ?? options.root;
  let pins: HarnessPin[] = [];
  try {
    pins = options.versions?.pins ?? (await loadPins(pinsRoot));
  } catch (err) {
    add("pins.yaml", (err as Error).message);
  }
  let scenarios: string[] = [];
  try {
    scenarios = (await loadScenarios(pinsRoot)).map((s) => s.name);
  } catch (err) {
    add("scenarios", (err as Error).message);
  }
  // another version's recordings are observations: no case uses them
  const uses = options.versions ? undefined : await recordingUses(options.casesDir, join(options.casesDir, ".."));
  const files = (await listRecordingFiles(options.root)).filter((rel) => !options.versions || options.versions.pins.some((p) => rel.startsWith(`${p.provider}/${p.version}/`)));
  const ids = new Set<string>();

  for (const rel of files) {
    let data: unknown;
    try {
      data = JSON.parse(await readFile(join(options.root, rel), "utf8"));
    } catch (err) {
      add(rel, `not JSON: ${(err as Error).message}`);
      continue;
    }
    const shape = check("recording.schema.json", data);
    if (!shape.ok) {
      add(rel, `does not match runner/schemas/recording.schema.json: ${describeErrors(shape.errors)}`);
      continue;
    }
    const r = data as Recording;
    if (r.origin === "documented") {
      add(rel, 'origin is "documented": a hand-written fixture is never placed as a recording; move it out of recordings/');
      continue;
    }
    const expected = recordingPath(r);
    if (expected !== rel) add(rel, `its fields say it belongs at ${label}/${expected}`);
    if (r.payload.hook_event_name !== r.event) add(rel, `payload.hook_event_name is ${JSON.stringify(r.payload.hook_event_name)}, event is ${JSON.stringify(r.event)}`);
    if (!pins.some((p) => p.provider === r.provider && p.version === r.version)) {
      add(rel, `${r.provider} ${r.version} is not pinned in ${label}/pins.yaml (pinned: ${pins.map((p) => `${p.provider} ${p.version}`).join(", ") || "none"})`);
    }
    const hash = sha256(canonicalJson(r.payload));
    if (hash !== r.sha256) add(rel, `sha256 ${r.sha256} does not match the payload (${hash}); the payload was changed after capture`);
    for (const pointer of r.volatile) if (!hasPointer(r.payload, pointer)) add(rel, `volatile pointer ${pointer} is not in the payload`);
    if (scenarios.length > 0 && !scenarios.includes(r.scenario)) add(rel, `scenario ${r.scenario} has no file ${label}/scenarios/${r.scenario}.yaml`);
    const id = idOfPath(rel);
    ids.add(id);
    if (uses && !uses.has(id)) add(rel, `not used by any case (no case under cases/ has given.event ${id})`, "unused");
  }
  for (const [id, caseFiles] of uses ?? []) {
    if (!ids.has(id)) for (const f of caseFiles) findings.push({ file: f, message: `given.event refers to ${id}, which is not a recording under ${label}/`, kind: "invalid" });
  }
  const notes = options.allowUnused ? findings.filter((f) => f.kind === "unused") : [];
  return { checked: files.length, findings: findings.filter((f) => !notes.includes(f)), notes };
}
