// adapters-under-test/<name>/adapter.yaml: how to start an implementation and what it is
// known to fail. Schema: runner/src/schemas/adapter-schema.ts.

import type { ImplementationInfo } from "../../shared/protocol.js";

/**
 * An argv element: a string with `{placeholders}`, or a group (list) that is included
 * only when every placeholder in it has a value. Placeholders: {kit}, {adapter_dir}, {node}
 * (the Node.js running papc), {root}, {source}, {case_id}, {args.NAME} (a string as it is, anything else as JSON), and
 * {args.NAME[]}, which repeats its element (or its whole group) once per entry of the array
 * args.NAME: `[--hook, "{args.hooks[]}"]` with hooks ["a", "b"] gives `--hook a --hook b`,
 * and nothing for an empty or absent array. A group holds at most one `[]` array.
 */
export type ArgvElement = string | string[];

export interface ExecOperation {
  argv: ArgvElement[];
  /**
   * What the process reads on stdin. Absent: nothing (stdin is closed at once). `event`: the
   * JSON of `args.event` (a dispatch case's native event), then end of input.
   */
  stdin?: "event";
}

export interface AdapterConfig {
  name: string;
  description: string;
  mode: "persistent" | "exec";
  /** persistent mode: the command that speaks the protocol. */
  command?: string[];
  /** exec mode: what the adapter claims, since a one-shot CLI has no `hello`. */
  implementation?: ImplementationInfo;
  /** exec mode: one command template per supported operation. */
  operations?: Record<string, ExecOperation>;
  /**
   * The per-case timeout this implementation needs (a real harness takes seconds a case), used
   * when the run gives none (`papc run --timeout` wins).
   */
  timeout_ms?: number;
  /**
   * Names of the runner's environment variables the implementation needs, passed through besides
   * PATH, HOME, TMPDIR, the locale, TZ and PAPC_* (KIT-IMPLEMENTATION-ENV); nothing else is.
   */
  environment?: string[];
  /** Known failures: case id → reason. A listed case that passes fails the run (stale). */
  baseline?: Record<string, string>;
}

/** An adapter as loaded: config plus where it lives. */
export interface Adapter extends AdapterConfig {
  /** Absolute directory of adapter.yaml ("" for an ad-hoc --command). */
  dir: string;
  /** Absolute path of adapter.yaml (none for an ad-hoc --command). */
  file?: string;
}
