// The trust store: the grants `approve` recorded, in <state_dir>/trust.json.
//
//   {"schema": 1,
//    "packages": {"<plugin.name>": {
//       "tool:<id>": {"entry_sha256": "<hex>", "table_sha256": "<hex>"},
//       "hook:<id>": {"table_sha256": "<hex>", "approved": {"subject": …, "failure_policy": …}}}}}
//
// entry_sha256 is over the tool's entry file bytes (read through symlinks), table_sha256 over
// the canonical JSON (sorted keys, no whitespace) of the whole [[tool]] or [[hook]] table.
// `approved` keeps what dispatch needs of the approved hook, for the day its package no longer
// validates (SPEC 11.2, PAP-LIFE-TRUST-INVALID-PACKAGE).

import type { HookPolicy } from "../dispatch/package-load.js";
import { LifecycleFailure } from "./messages/index.js";
import { readState, TRUST_FILE, writeState } from "./state-files.js";

export interface Grant {
  /** Tools only. */
  entry_sha256?: string;
  table_sha256: string;
  /** Hooks only: the approved version's subject, phase, effect, requirement, policies and matcher. */
  approved?: HookPolicy;
}

/** Grants of one package, by "tool:<id>" / "hook:<id>". */
export type PackageGrants = Record<string, Grant>;

export interface TrustStore {
  schema: 1;
  packages: Record<string, PackageGrants>;
}

function empty(): TrustStore {
  return { schema: 1, packages: {} };
}

export async function loadTrustStore(stateDir: string): Promise<TrustStore> {
  const store = await readState<TrustStore>(stateDir, TRUST_FILE, empty);
  // Stryker disable ConditionalExpression,LogicalOperator,BlockStatement,ObjectLiteral: trust.json is the consumer's own file, which papc never writes (SPEC 1.11 state_dir); no case can give it another shape
  if (typeof store !== "object" || store === null || typeof store.packages !== "object" || store.packages === null) {
    // Stryker disable next-line StringLiteral: as above
    throw new LifecycleFailure({ kind: "lifecycle-trust-store-shape", stateDir });
  }
  // Stryker restore ConditionalExpression,LogicalOperator,BlockStatement,ObjectLiteral
  return store;
}

export async function saveTrustStore(stateDir: string, store: TrustStore): Promise<void> {
  await writeState(stateDir, TRUST_FILE, store);
}

/** The grants of one package (own property only: a package named "__proto__" is just a name). */
export function grantsOf(store: TrustStore, plugin: string): PackageGrants | undefined {
  return Object.hasOwn(store.packages, plugin) ? store.packages[plugin] : undefined;
}

export const toolKey = (id: string): string => `tool:${id}`;
export const hookKey = (id: string): string => `hook:${id}`;
