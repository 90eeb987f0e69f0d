// The case cache (cases/case-cache.ts) and selective loading (run/select-cases.ts): a run sees
// exactly the cases it would see parsing everything, cache cold or warm; a stale, corrupt or
// foreign entry is never used; a --case selection reads only the files it can need.

import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CaseCache, cacheDirFromEnv } from "../src/cases/case-cache.js";
import { loadCases, type CaseSet } from "../src/cases/load-cases.js";
import { filesSelected, globCanMatchPrefix, selectCases } from "../src/run/select-cases.js";
import { planRun } from "../src/run/run-selected.js";
import { sha256 } from "../src/common/canonical.js";
import { KIT_ROOT } from "./helpers.js";

const CASES = join(KIT_ROOT, "cases");
let cacheDir: { path: string; cleanup: () => Promise<void> };
let plain: CaseSet;

beforeAll(async () => {
  cacheDir = await tmpDir({ unsafeCleanup: true });
  plain = await loadCases(CASES, KIT_ROOT);
});
afterAll(async () => {
  await cacheDir.cleanup();
});

const ids = (set: CaseSet): string[] => [...set.cases, ...set.broken].map((c) => c.id);

describe("the case cache", () => {
  it("gives the same suite parsed, cold and warm, and a warm load parses nothing", async () => {
    const cache = new CaseCache(cacheDir.path);
    const cold = await loadCases(CASES, KIT_ROOT, undefined, { cache });
    const stored = await readdir(join(cacheDir.path, "cases"));
    expect(stored.length).toBeGreaterThan(100);
    const warm = await loadCases(CASES, KIT_ROOT, undefined, { cache: new CaseCache(cacheDir.path) });
    expect(cold).toStrictEqual(plain);
    expect(warm).toStrictEqual(plain);
  });

  it("ignores an entry that is corrupt, truncated, of another text or another kit", async () => {
    const suite = await tmpDir({ unsafeCleanup: true });
    const cache = new CaseCache(join(suite.path, "cache"));
    try {
      await cp(join(CASES, "manifest/structural/toml.yaml"), join(suite.path, "cases/manifest/structural/toml.yaml"), { recursive: true });
      const load = (): Promise<CaseSet> => loadCases(join(suite.path, "cases"), suite.path, undefined, { cache });
      const first = await load();
      expect(first.cases.length).toBeGreaterThan(5);
      const [entry] = await readdir(join(suite.path, "cache/cases"));
      const file = join(suite.path, "cache/cases", entry!);
      const good = await readFile(file, "utf8");
      const parsed = JSON.parse(good) as { load: string; sum: string; key: string };

      // an entry that holds is used as it is, without parsing the file (shown with a changed load
      // whose checksum is right); one whose checksum does not match is refused and the file parsed
      const forged = JSON.parse(parsed.load) as CaseSet;
      forged.cases = forged.cases.slice(1);
      const forgedText = JSON.stringify(forged);
      await writeFile(file, JSON.stringify({ ...parsed, load: forgedText, sum: sha256(forgedText) }));
      expect((await load()).cases.length).toBe(first.cases.length - 1);
      await writeFile(file, JSON.stringify({ ...parsed, load: forgedText }));
      expect(await load()).toStrictEqual(first);
      // truncated
      await writeFile(file, good.slice(0, good.length / 2));
      expect(await load()).toStrictEqual(first);
      // another key (another kit build, or the same path holding another text)
      await writeFile(file, JSON.stringify({ ...parsed, key: "0".repeat(64) }));
      expect(await load()).toStrictEqual(first);
      // the case file edited: the entry is for the old text
      const text = await readFile(join(suite.path, "cases/manifest/structural/toml.yaml"), "utf8");
      await writeFile(join(suite.path, "cases/manifest/structural/toml.yaml"), text.replace("title: A manifest using comments", "title: retitled, a manifest using comments"));
      const edited = await load();
      expect(edited.cases.filter((c) => c.title.startsWith("retitled")).length).toBe(1);
    } finally {
      await suite.cleanup();
    }
  });

  it("re-reads a file whose recording changed (the entry names the recordings it read)", async () => {
    const suite = await tmpDir({ unsafeCleanup: true });
    const cache = new CaseCache(join(suite.path, "cache"));
    try {
      await cp(join(CASES, "hooks/events/mapping.yaml"), join(suite.path, "cases/hooks/events/mapping.yaml"));
      await cp(join(KIT_ROOT, "recordings"), join(suite.path, "recordings"), { recursive: true });
      const load = (): Promise<CaseSet> => loadCases(join(suite.path, "cases"), suite.path, undefined, { cache });
      const first = await load();
      const c = first.cases.find((x) => x.dispatch !== undefined)!;
      const recording = c.dispatch!.recording;
      const file = join(suite.path, "recordings", `${recording}.json`);
      const data = JSON.parse(await readFile(file, "utf8")) as { payload: Record<string, unknown> };
      data.payload.papc_test_marker = "changed";
      await writeFile(file, JSON.stringify(data));
      const again = await load();
      const after = again.cases.find((x) => x.id === c.id)!;
      expect(after.hash).not.toBe(c.hash);
      expect(after.dispatch!.event).toMatchObject({ papc_test_marker: "changed" });
    } finally {
      await suite.cleanup();
    }
  });

  it("is off with PAPC_CACHE=off, and lives outside the repository by default", () => {
    expect(cacheDirFromEnv({ PAPC_CACHE: "off", PAPC_CACHE_DIR: "/x" })).toBeUndefined();
    expect(cacheDirFromEnv({ PAPC_CACHE_DIR: "/x" })).toBe("/x");
    expect(cacheDirFromEnv({ XDG_CACHE_HOME: "/c" })).toBe("/c/papc");
  });
});

describe("selective loading", () => {
  it("a glob can match below a folder exactly when some id there could match it", () => {
    expect(globCanMatchPrefix("manifest/structural/**", "manifest/structural/")).toBe(true);
    expect(globCanMatchPrefix("manifest/structural/**", "manifest/semantic/")).toBe(false);
    expect(globCanMatchPrefix("manifest/*/toml/x", "manifest/structural/")).toBe(true);
    expect(globCanMatchPrefix("*/structural/*", "manifest/structural/")).toBe(true);
    expect(globCanMatchPrefix("*/structural/*", "manifest/semantic/")).toBe(false);
    expect(globCanMatchPrefix("manifest*", "manifest/structural/")).toBe(false); // * stays in a segment
    expect(globCanMatchPrefix("**/toml/*", "manifest/structural/")).toBe(true);
    expect(globCanMatchPrefix("hooks/***", "hooks/failures/")).toBe(true);
  });

  it("selects the same cases as a full load, for every area, file and case glob tried", async () => {
    const all = [...plain.cases, ...plain.broken];
    const areas = [...new Set(plain.cases.map((c) => c.area))];
    const globs = [
      ...areas.map((a) => `${a}/**`),
      ...areas.map((a) => `${a}/*`),
      ...plain.cases.filter((_, i) => i % 97 === 0).map((c) => c.id),
      "*/structural/*",
      "**/timeout*",
      "hooks/**/matrix/*",
      "cases/**",
    ];
    for (const glob of globs) {
      const selection = { caseGlobs: [glob] };
      const read: string[] = [];
      const wanted = filesSelected(selection)!;
      const partial = await loadCases(CASES, KIT_ROOT, undefined, {
        wanted: (folder, file) => {
          const yes = wanted(folder, file);
          if (yes) read.push(file);
          return yes;
        },
      });
      expect(ids({ ...partial, cases: selectCases(partial.cases, selection), broken: selectCases(partial.broken, selection) }), glob).toEqual(
        selectCases(all, selection).map((c) => c.id),
      );
      if (glob.startsWith("manifest/structural/"))
        expect(
          read.every((f) => f.startsWith("cases/manifest/structural/")),
          glob,
        ).toBe(true);
    }
  });

  it("a run of one folder knows which baseline ids it cannot judge", async () => {
    const plan = await planRun({ root: KIT_ROOT, caseGlobs: ["manifest/structural/toml/**"] });
    expect(plan.cases.length).toBeGreaterThan(0);
    expect(plan.hasCase(plan.cases[0]!.id)).toBe(true);
    expect(plan.hasCase("manifest/structural/toml/no-such-case")).toBe(false);
    expect(plan.hasCase("hooks/events/anything")).toBeUndefined();
  });
});
