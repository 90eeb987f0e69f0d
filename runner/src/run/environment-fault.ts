// Faults of the machine papc runs on, not of a case or an implementation: no temporary
// directory, a full or read-only disk, no file descriptors left. Every later case would fail the
// same way, so the run blames the environment once and stops (KIT-RUN-STOPPED) instead of
// giving every case a suite-bug.

const ENVIRONMENT_CODES = new Set(["ENOSPC", "EDQUOT", "EROFS", "EMFILE", "ENFILE", "ENOMEM"]);

export class EnvironmentFault extends Error {}

/** The error, as an environment fault, when its code says the machine (not the case) failed. */
export function environmentFault(err: unknown, doing: string): EnvironmentFault | undefined {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined || !ENVIRONMENT_CODES.has(code)) return undefined;
  return new EnvironmentFault(`${doing}: ${(err as Error).message}`);
}
