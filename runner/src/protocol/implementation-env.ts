// The environment an implementation under test starts with (KIT-IMPLEMENTATION-ENV): not the
// runner's whole environment, which may hold credentials that a handler allow-listing them would
// copy into a report, but the few variables a program needs to run (where programs and temp
// files are, the locale, the time zone), the kit's own configuration (PAPC_*), and the names the
// adapter file lists under `environment`.

/** Passed through from the runner's environment to every implementation, when set. */
export const PASSED_THROUGH: readonly string[] = ["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "LC_CTYPE", "TZ"];

/** The kit's configuration variables (PAPC_VALIDATOR_COMMAND, PAPC_HARNESS_CACHE, …). */
const KIT_PREFIX = "PAPC_";

export function implementationEnvironment(adapterNames: readonly string[] = [], runner: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const names = new Set([...PASSED_THROUGH, ...adapterNames]);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(runner)) {
    if (value !== undefined && (names.has(name) || name.startsWith(KIT_PREFIX))) env[name] = value;
  }
  return env;
}
