// run/fixture-pool.ts lends a tree a case gives alone to the next case that gives the same one,
// only when it came back exactly as built; schedule.ts puts slow cases first.

import { chmod, readdir, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCases } from "../src/cases/load-cases.js";
import { caseFolderBase, shmUsable } from "../src/fixtures/case-folder-base.js";
import { materialize } from "../src/fixtures/materialize.js";
import { fixtureFiles } from "../src/run/case-setup.js";
import { FixturePool } from "../src/run/fixture-pool.js";
import { slowestFirst } from "../src/run/schedule.js";
import { KIT_ROOT } from "./helpers.js";

const { cases } = await loadCases(join(KIT_ROOT, "cases"), KIT_ROOT);
const validate = cases.find((c) => c.id === "manifest/structural/toml/syntax-variants")!;
const dispatch = cases.find((c) => c.dispatch !== undefined)!;

async function build(pool: FixturePool) {
  const lease = (await pool.lease(validate))!;
  if (!lease.materialized) {
    await materialize(lease.root, fixtureFiles(validate, lease.root));
    await lease.onMaterialized?.();
  }
  return lease;
}

describe("the fixture pool", () => {
  it("lends an unchanged tree again, and never one that was written, chmodded or added to", async () => {
    const pool = new FixturePool([validate, validate, dispatch]);
    try {
      const first = await build(pool);
      expect(first.materialized).toBe(false);
      await first.release!();
      const again = await build(pool);
      expect(again).toMatchObject({ root: first.root, materialized: true });
      await writeFile(join(again.root, "plugins/demo/PLUGIN.toml"), "changed");
      await again.release!();
      expect(existsSync(first.root)).toBe(false);
      const third = await build(pool);
      expect(third.root).not.toBe(first.root);
      await chmod(join(third.root, "plugins"), 0o700);
      await third.release!();
      const fourth = await build(pool);
      expect(fourth.materialized).toBe(false);
      await writeFile(join(fourth.root, "plugins/new-file"), "");
      await fourth.release!();
      const fifth = await build(pool);
      expect(fifth.materialized).toBe(false);
      expect(await readdir(join(fifth.root, "plugins"))).toEqual(["demo"]);
      await fifth.release!();
    } finally {
      await pool.close();
    }
  });

  it("pools no tree only one case of the run gives", async () => {
    expect(await new FixturePool([validate]).lease(validate)).toBeUndefined();
  });

  it("lends one tree to one case at a time, and never pools a generated package", async () => {
    const pool = new FixturePool([validate, validate, dispatch]);
    try {
      const a = await build(pool);
      const b = await build(pool);
      expect(b.root).not.toBe(a.root);
      expect(await pool.lease(dispatch)).toBeUndefined();
      await a.release!();
      await b.release!();
    } finally {
      await pool.close();
    }
  });
});

describe("where case folders go", () => {
  const mounts = (options: string) => `tmpfs /dev/shm tmpfs ${options} 0 0\n/dev/vda / ext4 rw 0 0\n`;
  it("PAPC_TMPDIR first, then /dev/shm when it is a writable tmpfs without noexec, else TMPDIR", () => {
    expect(caseFolderBase({ PAPC_TMPDIR: "/x" }, mounts("rw"))).toEqual({ dir: "/x", source: "PAPC_TMPDIR" });
    expect(shmUsable(mounts("rw,nosuid,nodev,noexec"))).toBe(false);
    expect(shmUsable(mounts("ro"))).toBe(false);
    expect(shmUsable("/dev/vda / ext4 rw 0 0\n")).toBe(false);
    expect(shmUsable(undefined)).toBe(false);
    expect(caseFolderBase({}, "").source).toBe("TMPDIR");
  });
});

describe("the schedule", () => {
  it("puts live cases and 4097-entry fixtures before quick cases, keeping the order of equals", () => {
    const order = slowestFirst(cases).map((i) => cases[i]!);
    const firstQuick = order.findIndex((c) => c.live === undefined && Object.keys(c.given?.files ?? {}).length < 100 && c.dispatch === undefined && c.operation !== "steps");
    const lastBig = order.reduce((last, c, i) => (Object.keys(c.given?.files ?? {}).length >= 4096 ? i : last), -1);
    expect(lastBig).toBeGreaterThanOrEqual(0);
    expect(lastBig).toBeLessThan(firstQuick);
    expect(order.slice(0, cases.filter((c) => c.live).length).every((c) => c.live !== undefined || c.operation === "steps")).toBe(true);
  });
});
