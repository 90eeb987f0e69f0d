// `npm run bench` (last part): what containment (runner/shared/process-cell.ts) costs per process
// papc starts. Each way starts `true` N times, one after the other, and waits for it to end:
//   plain    execa in its own process group, killed by group (what papc did before cells)
//   cgroup   the same inside a fresh cgroup cell, swept and removed after (where this machine allows)
//   marker   the same with the marker variable, swept by a scan of every process's environment,
//            after each process, and once per 50 processes (as exec mode does for cases that end well)
// The difference to `plain` is the tracking's cost per case in exec mode (one cell per case); a
// persistent implementation pays it once per process start, plus a read of its cgroup per case.

import { execa } from "execa";
import { Containment, sweepCells, type Cell } from "../shared/process-cell.js";

const N = 200;

async function once(cell: Cell | undefined): Promise<void> {
  const start = () =>
    execa("true", [], { detached: true, reject: false, stdin: "ignore", stdout: "ignore", stderr: "ignore", ...(cell ? { env: { ...process.env, ...cell.environment } } : {}) });
  const child = cell ? cell.spawnInside(start) : start();
  await child;
  try {
    process.kill(-(child.pid ?? 0), "SIGKILL");
  } catch {
    // gone
  }
  await cell?.close(child.pid);
}

async function perProcess(make: (() => Cell) | undefined): Promise<number> {
  for (let i = 0; i < 10; i++) await once(make?.()); // warm-up
  const started = performance.now();
  for (let i = 0; i < N; i++) await once(make?.());
  return ((performance.now() - started) * 1000) / N;
}

/** As exec mode sweeps marker cells of cases that ended by themselves: one scan for `per` cells. */
async function batched(make: () => Cell, per: number): Promise<number> {
  const started = performance.now();
  let waiting: Cell[] = [];
  for (let i = 0; i < N; i++) {
    const cell = make();
    const child = cell.spawnInside(() =>
      execa("true", [], { detached: true, reject: false, stdin: "ignore", stdout: "ignore", stderr: "ignore", env: { ...process.env, ...cell.environment } }),
    );
    await child;
    waiting.push(cell);
    if (waiting.length === per) {
      await sweepCells(waiting);
      waiting = [];
    }
  }
  await sweepCells(waiting);
  return ((performance.now() - started) * 1000) / N;
}

const cgroups = new Containment();
const markers = new Containment({ cgroups: false });
const plain = await perProcess(undefined);
const rows: [string, number][] = [["plain (process group only)", plain]];
if (cgroups.mechanism === "cgroup") rows.push(["cgroup cell", await perProcess(() => cgroups.newCell("bench"))]);
rows.push(["marker cell", await perProcess(() => markers.newCell("bench"))]);
rows.push(["marker cell, 50 per scan", await batched(() => markers.newCell("bench"), 50)]);
cgroups.close();
console.log(`\ncontainment: ${N} starts of \`true\`, one at a time${cgroups.mechanism === "cgroup" ? "" : ` (no cgroups here: ${cgroups.why})`}\n`);
for (const [label, us] of rows) console.log(`${label.padEnd(28)} ${us.toFixed(0).padStart(7)} µs/process  ${label.startsWith("plain") ? "" : `(+${(us - plain).toFixed(0)} µs)`}`);
