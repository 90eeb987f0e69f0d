// Reads the payload of recordings/<id>.json for dispatch cases, once per id. Synchronous and
// cached, so that loading (and `papc lint`) stays fast however many cases share a recording.
// Only `payload` is read here; provenance, hashes and pins are `papc recordings verify`'s job.

import { readFileSync } from "node:fs";
import { join } from "node:path";

export type RecordingRead = { ok: true; payload: Record<string, unknown> } | { ok: false; reason: string };

export class RecordingStore {
  private readonly cache = new Map<string, RecordingRead>();

  /** `dir` is the suite's recordings root; undefined when the caller has none (every id is unknown). */
  constructor(readonly dir: string | undefined) {}

  read(id: string): RecordingRead {
    let hit = this.cache.get(id);
    if (!hit) {
      hit = this.load(id);
      this.cache.set(id, hit);
    }
    return hit;
  }

  private load(id: string): RecordingRead {
    if (this.dir === undefined) return { ok: false, reason: "no recordings directory is known to this loader" };
    const file = join(this.dir, `${id}.json`);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      return { ok: false, reason: code === "ENOENT" ? `${id}.json does not exist in the recordings directory` : `cannot read ${id}.json: ${code ?? String(err)}` };
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (err) {
      return { ok: false, reason: `${id}.json is not JSON: ${(err as Error).message}` };
    }
    const payload = (data as { payload?: unknown } | null)?.payload;
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
      return { ok: false, reason: `${id}.json has no "payload" object` };
    }
    return { ok: true, payload: payload as Record<string, unknown> };
  }
}
