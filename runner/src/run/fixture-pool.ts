// Fixture trees built once per run and lent to every case that needs the same one. Most of a
// short case's time is writing and removing its tree, and many cases share one (composition's
// packages, say). Only cases whose tree is given entirely by the case are pooled (not the
// packages papc generates for dispatch, live and multi-step cases, whose handlers write into
// them). A tree is lent to one case at a time; when it comes back, its stat fingerprint (every
// entry's path, inode, type, mode, size, modification and change times) must be the one it had
// when it was built, or it is removed, so every case sees a tree exactly as the case gives it,
// whatever an implementation wrote into the one before.

import { lstat, readdir } from "node:fs/promises";
import { canonicalJson, sha256 } from "../common/canonical.js";
import type { LoadedCase } from "../types/case.js";
import { fixtureFiles } from "./case-setup.js";
import { newCaseFolder, removeFixture, type FixtureLease } from "./run-case.js";

interface Tree {
  root: string;
  /** Taken once the tree was built; undefined while the first case builds it. */
  fingerprint?: string;
}

export class FixturePool {
  /** The tree key of each case whose tree two or more of the run's cases give (one only a single case gives is not pooled: checking it back would cost for nothing). */
  private readonly shared = new Map<LoadedCase, string>();
  private readonly free = new Map<string, Tree[]>();
  private readonly lent = new Set<Tree>();

  constructor(cases: readonly LoadedCase[]) {
    const keyed = cases.map((c) => [c, poolKey(c)] as const);
    const uses = new Map<string, number>();
    for (const [, key] of keyed) if (key !== undefined) uses.set(key, (uses.get(key) ?? 0) + 1);
    for (const [c, key] of keyed) if (key !== undefined && uses.get(key)! > 1) this.shared.set(c, key);
  }

  /** The tree for this case, or undefined when its tree is not pooled (runCase makes its own). */
  async lease(c: LoadedCase): Promise<FixtureLease | undefined> {
    const key = this.shared.get(c);
    if (key === undefined) return undefined;
    const tree = this.free.get(key)?.pop();
    if (tree) {
      this.lent.add(tree);
      return { root: tree.root, materialized: true, release: () => this.giveBack(key, tree) };
    }
    const fresh: Tree = { root: await newCaseFolder() };
    this.lent.add(fresh);
    return {
      root: fresh.root,
      materialized: false,
      onMaterialized: async () => {
        fresh.fingerprint = await fingerprint(fresh.root);
      },
      release: () => this.giveBack(key, fresh),
    };
  }

  private async giveBack(key: string, tree: Tree): Promise<void> {
    this.lent.delete(tree);
    const now = tree.fingerprint === undefined ? undefined : await fingerprint(tree.root).catch(() => undefined);
    if (now !== undefined && now === tree.fingerprint) {
      const list = this.free.get(key) ?? [];
      list.push(tree);
      this.free.set(key, list);
    } else await removeFixture(tree.root);
  }

  /** Removes every tree (the run's end). */
  async close(): Promise<void> {
    const trees = [...[...this.free.values()].flat(), ...this.lent];
    this.free.clear();
    this.lent.clear();
    for (const t of trees) await removeFixture(t.root);
  }
}

/** Cases with the same key get the same tree; undefined when the tree is not the case's alone to give. */
function poolKey(c: LoadedCase): string | undefined {
  if (c.operation === "steps" || c.dispatch !== undefined || c.live !== undefined || c.project !== undefined) return undefined;
  // the tree as it is written: fixtureFiles without a generated package does not depend on the root
  return sha256(canonicalJson({ files: fixtureFiles(c, "/"), source: c.given?.source ?? "." }));
}

/** Every entry's path and stat identity, in a stable order: any write, chmod, creation or removal changes it. */
async function fingerprint(root: string): Promise<string> {
  const lines: string[] = [];
  const pending: Buffer[] = [Buffer.from(root, "utf8")];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    const names = (await readdir(dir, { encoding: "buffer" })).sort(Buffer.compare);
    const self = await lstat(dir, { bigint: true });
    lines.push(`${dir.toString("hex")} ${self.ino} ${self.mode} ${self.mtimeNs} ${self.ctimeNs}`);
    for (const name of names) {
      const full = Buffer.concat([dir, Buffer.from("/"), name]);
      const s = await lstat(full, { bigint: true });
      lines.push(`${full.toString("hex")} ${s.ino} ${s.mode} ${s.size} ${s.mtimeNs} ${s.ctimeNs}`);
      if (s.isDirectory()) pending.push(full);
    }
  }
  return sha256(lines.join("\n"));
}
