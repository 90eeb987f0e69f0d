// One run at a time per set of reports (KIT-REPORT-LOCK): two `papc run`s of the same adapter into
// the same --out would interleave their JSON Lines (two footers, NUL-filled gaps). The first run
// holds `<out>/<adapter>.lock` with its pid; a second one is refused while that process lives. A
// lock whose process is gone (a killed run) is taken over.

import { open, readFile, rm } from "node:fs/promises";

export class ReportsLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock for the reports `<base>.*`; the returned function releases it. */
export async function lockReports(base: string): Promise<() => Promise<void>> {
  const lock = `${base}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lock, "wx");
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return () => rm(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const pid = Number.parseInt(await readFile(lock, "utf8").catch(() => ""), 10);
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
      throw new ReportsLockedError(`another papc run (pid ${pid}) is writing ${base}.*: wait for it to end, or give this run another --out`);
    }
    await rm(lock, { force: true }); // its run is gone: take the lock over
  }
  throw new ReportsLockedError(`cannot take the lock ${lock}: another run took it at the same moment`);
}
