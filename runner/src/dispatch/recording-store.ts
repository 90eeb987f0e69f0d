// Reads the payload of recordings/<id>.json for dispatch cases, once per id. Synchronous and
// cached, so that loading (and `papc lint`) stays fast however many cases share a recording.
// Only `payload` is read here; provenance, hashes and pins are `papc recordings verify`'s job.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { sha256 } from "../common/canonical.js";

export type RecordingRead = { ok: true; payload: Record<string, unknown> } | { ok: false; reason: string };

export class RecordingStore {
  private readonly cache = new Map<string, RecordingRead>();
  /** What each id read: the text's sha256, or why it could not be read (the case cache's check). */
  private readonly digests = new Map<string, string>();
  /** Folder listings (idsIn) and pins.yaml's harnesses (pinnedVersion), read once. */
  private readonly listings = new Map<string, string[]>();
  private pins: { provider?: unknown; version?: unknown }[] | undefined;
  /** The ids read since the last takeUsed(). */
  private used = new Set<string>();

  /** `dir` is the suite's recordings root; undefined when the caller has none (every id is unknown). */
  constructor(readonly dir: string | undefined) {}

  read(id: string): RecordingRead {
    this.used.add(id);
    let hit = this.cache.get(id);
    if (!hit) {
      hit = this.load(id);
      this.cache.set(id, hit);
    }
    return hit;
  }

  /** The digest of what `id` reads now (reading it if it was not read yet). */
  digest(id: string): string {
    this.read(id);
    return this.digests.get(id)!;
  }

  /** The ids of the recordings in folder `<dir>/<folder>` (e.g. `codex/0.147.0/Stop`), sorted; none when it does not exist. Listed once per folder. */
  idsIn(folder: string): string[] {
    let ids = this.listings.get(folder);
    if (!ids) {
      ids = this.list(folder);
      this.listings.set(folder, ids);
    }
    return ids;
  }

  private list(folder: string): string[] {
    if (this.dir === undefined) return [];
    let names: string[];
    try {
      names = readdirSync(join(this.dir, folder));
    } catch {
      return [];
    }
    return names
      .filter((n) => n.endsWith(".json"))
      .sort()
      .map((n) => `${folder}/${n.slice(0, -".json".length)}`);
  }

  /**
   * The harness version pins.yaml pins for `provider` (whose folder holds the recordings cases
   * take by default); undefined when the file or the pin is missing. Shape: `papc recordings verify` checks it.
   */
  pinnedVersion(provider: string): string | undefined {
    this.pins ??= this.readPins();
    const version = this.pins.find((h) => h.provider === provider)?.version;
    return typeof version === "string" ? version : undefined;
  }

  /** pins.yaml's harnesses, read once per store; none when it is missing or unreadable. */
  private readPins(): { provider?: unknown; version?: unknown }[] {
    if (this.dir === undefined) return [];
    try {
      const pins = parseYaml(readFileSync(join(this.dir, "pins.yaml"), "utf8")) as { harnesses?: unknown } | null;
      return Array.isArray(pins?.harnesses) ? (pins.harnesses as { provider?: unknown; version?: unknown }[]) : [];
    } catch {
      return [];
    }
  }

  /** The ids read since the last call, with their digests; starts a new list. */
  takeUsed(): [id: string, digest: string][] {
    const used = [...this.used].sort().map((id): [string, string] => [id, this.digests.get(id)!]);
    this.used = new Set();
    return used;
  }

  private load(id: string): RecordingRead {
    const read = this.readPayload(id);
    this.digests.set(id, read.digest);
    return read.result;
  }

  private readPayload(id: string): { result: RecordingRead; digest: string } {
    const failed = (reason: string): { result: RecordingRead; digest: string } => ({ result: { ok: false, reason }, digest: `unread: ${reason}` });
    if (this.dir === undefined) return failed("no recordings directory is known to this loader");
    const file = join(this.dir, `${id}.json`);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      return failed(code === "ENOENT" ? `${id}.json does not exist in the recordings directory` : `cannot read ${id}.json: ${code ?? String(err)}`);
    }
    const digest = sha256(text);
    const result = parsePayload(id, text);
    return { result, digest };
  }
}

function parsePayload(id: string, text: string): RecordingRead {
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
