// Where recordings live and how they are named:
// recordings/<provider>/<version>/<Event>/<name>.json, id <provider>/<version>/<Event>/<name>,
// name = the scenario, or <scenario>-<n> for the n-th (n ≥ 2) time the event fired in the run.

import { mkdir, readdir, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import type { Recording } from "../types/recording.js";
import { SCENARIOS_DIR } from "./scenarios.js";

export function recordingName(r: Pick<Recording, "scenario" | "occurrence">): string {
  return r.occurrence === 1 ? r.scenario : `${r.scenario}-${r.occurrence}`;
}

export function recordingId(r: Pick<Recording, "provider" | "version" | "event" | "scenario" | "occurrence">): string {
  return `${r.provider}/${r.version}/${r.event}/${recordingName(r)}`;
}

/** Path of a recording relative to the recordings root. */
export function recordingPath(r: Pick<Recording, "provider" | "version" | "event" | "scenario" | "occurrence">): string {
  return `${recordingId(r)}.json`;
}

export function renderRecording(r: Recording): string {
  return `${JSON.stringify(r, null, 2)}\n`;
}

export async function writeRecording(root: string, r: Recording): Promise<string> {
  const file = join(root, recordingPath(r));
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, renderRecording(r));
  return file;
}

/** Every *.json below the recordings root except scenarios/, relative and "/"-separated, sorted. */
export async function listRecordingFiles(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".json"))
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join("/"))
    .filter((rel) => !rel.startsWith(`${SCENARIOS_DIR}/`))
    .sort();
}

/** The recording id a file's path says (its path without .json). */
export function idOfPath(rel: string): string {
  return rel.replace(/\.json$/, "");
}
