// Recordings: native hook payloads captured from the pinned harness binaries (SPEC.md 1.6 and recordings/README.md),
// and the pin file naming those binaries. Schemas: runner/src/schemas/recording-schema.ts.

/** The harnesses papc records and checks against (papc's provider names). */
export type Provider = "claude-code" | "codex";
export const PROVIDERS: readonly Provider[] = ["claude-code", "codex"];

/** One pinned harness: an npm package at an exact version, installed into the harness cache. */
export interface HarnessPin {
  provider: Provider;
  /** npm package name, e.g. "@anthropic-ai/claude-code". */
  package: string;
  /** Exact version; never a range or a dist-tag. */
  version: string;
  /** The executable under node_modules/.bin/. */
  binary: string;
  /** What `<binary> --version` prints (trimmed) when the pinned version is installed. */
  version_output: string;
}

/** A pinned (or `--harness`-selected) harness found in the harness cache. */
export interface ResolvedHarness {
  pin: HarnessPin;
  /** Absolute path of the executable. */
  binary: string;
}

/** recordings/pins.yaml */
export interface PinsFile {
  harnesses: HarnessPin[];
}

/**
 * recorded: captured from the pinned binary by `papc recordings record`.
 * documented: written by hand from documentation; a fixture, never placed or presented as a recording.
 */
export type RecordingOrigin = "recorded" | "documented";

/** recordings/<provider>/<version>/<event>/<name>.json */
export interface Recording {
  recording: 1;
  origin: RecordingOrigin;
  provider: Provider;
  version: string;
  /** The native hook event name (hook_event_name). */
  event: string;
  /** The scenario (recordings/scenarios/<scenario>.yaml) that made the harness fire it. */
  scenario: string;
  /** 1 for the first time the event fired in the scenario run, 2 for the second, … */
  occurrence: number;
  /** ISO 8601 time of the capture. */
  captured_at: string;
  /** The harness argv as run, binary by name, run-specific paths as <placeholders>. */
  command: string[];
  /** JSON Pointers into `payload` of values that differ from run to run (never compared). */
  volatile: string[];
  /** sha256 (hex) of the canonical JSON (keys sorted, no spaces) of `payload`. */
  sha256: string;
  /** The JSON object the capturing hook read on stdin. */
  payload: Record<string, unknown>;
}
