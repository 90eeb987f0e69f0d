// The fixture materializer (KIT-FIXTURE-KINDS, KIT-FIXTURE-CONTAINED, KIT-FIXTURE-RAW-NAMES,
// KIT-FIXTURE-BOUNDS): every entry kind, modes, sparse sizes, names that are not UTF-8, refusal of
// any path that would land outside the fixture root and of a fixture that writes too much.

import { lstat, mkdir, readFile, readdir, readlink, stat, symlink } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { FixtureError, materialize } from "../src/fixtures/materialize.js";

async function fresh(): Promise<string> {
  return (await tmpDir({ unsafeCleanup: true })).path;
}

describe("materialize", () => {
  it("writes text, modes, base64 bytes, parts, empty dirs and symlinks", async () => {
    const root = await fresh();
    await materialize(root, {
      "a/plain.txt": "hello\n",
      "a/run.sh": { text: "#!/bin/sh\n", mode: "0755" },
      "a/private": { text: "x", mode: "0600" },
      "bin/nul.bin": { base64: Buffer.from([0, 255, 10, 0]).toString("base64") },
      "big/parts.toml": { parts: ['x = "', { repeat: "é", times: 3 }, '"\n'] },
      "empty/dir": { dir: true },
      "ro-dir": { dir: true, mode: "0555" },
      "a/link": { symlink: "../../outside.sh" },
    });
    expect(await readFile(join(root, "a/plain.txt"), "utf8")).toBe("hello\n");
    expect((await stat(join(root, "a/plain.txt"))).mode & 0o777).toBe(0o644);
    expect((await stat(join(root, "a/run.sh"))).mode & 0o777).toBe(0o755);
    expect((await stat(join(root, "a/private"))).mode & 0o777).toBe(0o600);
    expect([...(await readFile(join(root, "bin/nul.bin")))]).toEqual([0, 255, 10, 0]);
    expect(await readFile(join(root, "big/parts.toml"), "utf8")).toBe('x = "ééé"\n');
    expect(await readdir(join(root, "empty/dir"))).toEqual([]);
    expect((await stat(join(root, "ro-dir"))).mode & 0o777).toBe(0o555);
    expect((await lstat(join(root, "a/link"))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(root, "a/link"))).toBe("../../outside.sh");
  });

  it("generates sized files sparsely", async () => {
    const root = await fresh();
    await materialize(root, { "huge.bin": { size: 64 * 1024 * 1024 + 1 } });
    const info = await stat(join(root, "huge.bin"));
    expect(info.size).toBe(64 * 1024 * 1024 + 1);
    expect(info.blocks * 512).toBeLessThan(1024 * 1024); // no 64 MiB actually written
  });

  it("makes named pipes with their mode", async () => {
    const root = await fresh();
    await materialize(root, { "pkg/pipe": { fifo: true }, "pkg/closed": { fifo: true, mode: "0600" } });
    expect((await lstat(join(root, "pkg/pipe"))).isFIFO()).toBe(true);
    expect((await lstat(join(root, "pkg/pipe"))).mode & 0o777).toBe(0o644);
    expect((await lstat(join(root, "pkg/closed"))).mode & 0o777).toBe(0o600);
  });

  it("streams large repeats exactly", async () => {
    const root = await fresh();
    await materialize(root, { "m.toml": { parts: ["# ", { repeat: "ab", times: 1_500_000 }, "\n"] } });
    const text = await readFile(join(root, "m.toml"), "utf8");
    expect(text.length).toBe(2 + 3_000_000 + 1);
    expect(text.endsWith("ab\n")).toBe(true);
  });

  it.each([
    ["/etc/papc-escape", "is absolute"],
    ["../escape", '".." segment'],
    ["a/../../escape", '".." segment'],
    ["a//b", "empty"],
    ["a\\b", "backslash"],
  ])("refuses the path %s", async (path, reason) => {
    const root = await fresh();
    await expect(materialize(root, { [path]: "x" })).rejects.toThrow(reason);
    expect(await readdir(root)).toEqual([]);
  });

  it("refuses to write below a symlink of the fixture", async () => {
    const root = await fresh();
    const outside = await fresh();
    await expect(materialize(root, { link: { symlink: outside }, "link/pwned": "x" })).rejects.toThrow(FixtureError);
    expect(await readdir(outside)).toEqual([]);
  });

  it("refuses to write through a symlink already on disk", async () => {
    const root = await fresh();
    const outside = await fresh();
    await mkdir(join(root, "plugins"));
    await symlink(outside, join(root, "plugins/demo"));
    await expect(materialize(root, { "plugins/demo/PLUGIN.toml": "x" })).rejects.toThrow(/passes through the symlink plugins\/demo/);
    expect(await readdir(outside)).toEqual([]);
  });

  it("writes names that are not UTF-8 from {hex:…} escapes, as bytes", async () => {
    const root = await fresh();
    await materialize(root, {
      "plugins/bad-{hex:ff}/PLUGIN.toml": "x",
      "plugins/{hex:c0af}/{hex:eda080}.md": { text: "y" },
      "plugins/pipe-{hex:fe}": { fifo: true },
      "plugins/café": { dir: true },
    });
    const names = (await readdir(join(root, "plugins"), { encoding: "buffer" })).map((n) => n.toString("hex")).sort();
    expect(names).toEqual(
      [Buffer.from("bad-\xff", "latin1"), Buffer.from([0xc0, 0xaf]), Buffer.from("café"), Buffer.from("pipe-\xfe", "latin1")].map((b) => b.toString("hex")).sort(),
    );
    const bytes = (...parts: (string | number[])[]): Buffer => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));
    expect((await readFile(bytes(root, "/plugins/bad-", [0xff], "/PLUGIN.toml"))).toString()).toBe("x");
    expect((await readFile(bytes(root, "/plugins/", [0xc0, 0xaf], "/", [0xed, 0xa0, 0x80], ".md"))).toString()).toBe("y");
    expect((await lstat(bytes(root, "/plugins/pipe-", [0xfe]))).isFIFO()).toBe(true);
    expect((await readdir(root)).filter((n) => n.startsWith(".papc-fifo"))).toEqual([]);
  });

  it.each([
    ["plugins/{hex:2f}/x", /names "\/" or NUL/],
    ["plugins/{hex:00}", /names "\/" or NUL/],
    ["plugins/{hex:2e2e}/x", /spells "\.\."/],
    ["plugins/{hex:f}/x", /not pairs of hex digits/],
    ["plugins/{hex:ff/x", /unterminated/],
  ])("refuses the malformed raw-byte path %s", async (path, reason) => {
    const root = await fresh();
    await expect(materialize(root, { [path]: "x" })).rejects.toThrow(reason);
    expect(await readdir(root)).toEqual([]);
  });

  it("refuses a fixture that would write more than 64 MiB, before writing anything", async () => {
    const root = await fresh();
    const huge = { parts: [{ repeat: "0123456789abcdef".repeat(64), times: 268435456 }] };
    await expect(materialize(root, { "a.txt": "x", "big.bin": huge })).rejects.toThrow(/big\.bin" expands to 274877906944 bytes, over the 67108864/);
    const half = { parts: [{ repeat: "x", times: 40 * 1024 * 1024 }] };
    await expect(materialize(root, { "one.bin": half, "two.bin": half })).rejects.toThrow(/write 83886080 bytes together/);
    expect(await readdir(root)).toEqual([]);
    await materialize(root, { "sparse.bin": { size: 1 << 30 } }); // sparse costs nothing
  });
});
