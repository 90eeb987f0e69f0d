// Provider support of the hooks of valid packages (SPEC.md 3.11), per pinned baseline.
// A separate result from validity: nothing here changes `valid` or the diagnostics.

import type { ReportProvider } from "../../../runner/shared/validation-report.js";
import { unsupportedReason, type Provider } from "./hook-combinations.js";
import { hookRef } from "./hooks.js";
import type { ManifestHook } from "../manifest-types.js";
import { compareUtf8 } from "../manifest-types.js";

/** Pinned provider baselines of draft 0.1 (report names, not protocol names). */
export const PROVIDER_BASELINES: readonly { provider: Provider; baseline: string }[] = [
  { provider: "claude", baseline: "2.1.233" },
  { provider: "codex", baseline: "0.147.0" },
];

export interface PackageHooks {
  /** `<source identity>:<directory>` */
  packageRef: string;
  hooks: readonly ManifestHook[];
}

export function providerStatuses(packages: readonly PackageHooks[]): ReportProvider[] {
  const hooks = packages.flatMap((pkg) => pkg.hooks.map((hook) => ({ ref: hookRef(pkg.packageRef, hook.id), hook })));
  return PROVIDER_BASELINES.map(({ provider, baseline }) => {
    const unsupported = hooks.filter(({ hook }) => unsupportedReason(provider, hook) !== undefined).map(({ ref }) => ref);
    unsupported.sort(compareUtf8);
    const status = hooks.length === 0 ? "not_applicable" : unsupported.length === 0 ? "supported" : "unsupported";
    return { provider, baseline, scope: "hooks", status, unsupported_hooks: unsupported };
  });
}
