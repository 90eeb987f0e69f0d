// Bounds of the manifest decoder: each limit exactly at the edge, on both sides.

import { writeFile } from "node:fs/promises";
import { execa } from "execa";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../src/validate/limits.js";
import { decodeManifest, readManifestBytes, type DecodeResult } from "../src/validate/manifest-decode.js";
import { render } from "../src/validate/messages/index.js";
import { checkStructure } from "../src/validate/structural.js";
import { makeTree, manifest, removeTree } from "./fixtures.js";

const decode = (text: string | Buffer): DecodeResult => decodeManifest(typeof text === "string" ? Buffer.from(text, "utf8") : text);

function failureOf(result: DecodeResult) {
  if (result.ok) throw new Error("expected a decode failure");
  return result.failure;
}

/** `x = [[…[1]…]]` with `arrays` nested arrays, under [providers] (level 1). */
function nestedArrays(arrays: number): string {
  return manifest("demo", `[providers]\nx = ${"[".repeat(arrays)}1${"]".repeat(arrays)}\n`);
}

describe("manifest-decode: accepted input", () => {
  it("decodes a minimal manifest that the schema accepts", () => {
    const result = decode(manifest());
    expect(result.ok).toBe(true);
    if (result.ok) expect(checkStructure(result.manifest)).toEqual([]);
  });

  it("turns TOML dates into strings (JSON data model)", () => {
    const result = decode(manifest("demo", "[providers.x]\nwhen = 1979-05-27\n"));
    expect(result.ok && result.manifest["providers"]).toEqual({ x: { when: "1979-05-27" } });
  });
});

describe("manifest-decode: string and key bytes", () => {
  it("accepts 8192 × 'é' (16384 bytes) and rejects 8193 × 'é' (16386 bytes)", () => {
    const at = decode(manifest("demo").replace("Demo package", "é".repeat(8192)));
    expect(at.ok).toBe(true);
    const over = failureOf(decode(manifest("demo").replace("Demo package", "é".repeat(8193))));
    expect(over).toEqual({ code: "invalid_plugin_package", kind: "manifest-string-bytes", at: ["plugin", "description"], bytes: 16386 });
    expect(render(over)).toEqual({
      message: "string exceeds limit string_bytes = 16384 (actual: 16386 bytes) at /plugin/description",
      pointer: "/plugin/description",
    });
  });

  it("counts key bytes too", () => {
    const key = (bytes: number): string => manifest("demo", `[providers.x]\n"${"k".repeat(bytes)}" = 1\n`);
    expect(decode(key(LIMITS.string_bytes)).ok).toBe(true);
    const over = failureOf(decode(key(LIMITS.string_bytes + 1)));
    expect(over).toMatchObject({ kind: "manifest-key-bytes", at: ["providers", "x"], bytes: LIMITS.string_bytes + 1 });
    expect(render(over).pointer).toBe("/providers/x");
  });
});

describe("manifest-decode: nesting", () => {
  it("accepts level 32 and rejects level 33 (inline arrays)", () => {
    // [providers] is level 1, so 31 nested arrays reach level 32.
    expect(decode(nestedArrays(31)).ok).toBe(true);
    const over = failureOf(decode(nestedArrays(32)));
    expect(over).toMatchObject({ kind: "manifest-nesting-levels", level: 33 });
    expect(render(over).pointer).toBe("/providers/x" + "/0".repeat(31));
  });

  it("counts header tables and dotted keys as levels too", () => {
    const header = (tables: number): string => manifest("demo", `[providers.${Array.from({ length: tables }, (_, i) => `t${i}`).join(".")}]\nv = 1\n`);
    expect(decode(header(31)).ok).toBe(true); // providers (1) + 31 tables = level 32
    expect(failureOf(decode(header(32))).kind).toBe("manifest-nesting-levels");
  });

  it("survives 100000 opening brackets without crashing", () => {
    // inline nesting is refused by the parser, past PARSER_MAX_DEPTH; dotted keys by the walk, at level 33
    expect(failureOf(decode("a = " + "[".repeat(100_000))).kind).toBe("manifest-inline-nesting");
    expect(failureOf(decode("a = " + "[".repeat(100_000) + "]".repeat(100_000))).kind).toBe("manifest-inline-nesting");
    const inline = failureOf(decode("a = " + "{ b = ".repeat(100_000)));
    expect(inline.kind).toBe("manifest-inline-nesting");
    expect(render(inline).message).toMatch(/^TOML nesting exceeds limit nesting_levels = 32 \(actual: more than 64 inline levels at line 1, column \d+\)$/);
    expect(failureOf(decode("[".repeat(100_000))).kind).toBe("manifest-syntax");
    expect(failureOf(decode("a" + ".a".repeat(100_000) + " = 1\n")).kind).toBe("manifest-nesting-levels");
  });
});

describe("manifest-decode: arrays", () => {
  const list = (entries: number): string => manifest("demo", `[providers.x]\nlist = [${Array(entries).fill("1").join(", ")}]\n`);

  it("accepts 1024 entries and rejects 1025, also inside providers", () => {
    expect(decode(list(1024)).ok).toBe(true);
    const over = failureOf(decode(list(1025)));
    expect(over).toMatchObject({ kind: "manifest-array-entries", entries: 1025 });
    expect(render(over)).toEqual({ message: "array exceeds limit array_entries = 1024 (actual: 1025 entries) at /providers/x/list", pointer: "/providers/x/list" });
  });
});

describe("manifest-decode: size, encoding, syntax", () => {
  /** A manifest padded with a comment to exactly `bytes` bytes. */
  function padded(bytes: number): Buffer {
    const head = manifest() + "#";
    return Buffer.from(head + "x".repeat(bytes - Buffer.byteLength(head)), "utf8");
  }

  it("accepts exactly 1 MiB and refuses 1 MiB + 1 before parsing", async () => {
    expect(decodeManifest(padded(LIMITS.manifest_bytes)).ok).toBe(true);
    const decodedOver = failureOf(decodeManifest(padded(LIMITS.manifest_bytes + 1)));
    expect(decodedOver).toMatchObject({ kind: "manifest-too-large", bytes: LIMITS.manifest_bytes + 1 });
    expect(render(decodedOver).message).toBe("manifest exceeds limit manifest_bytes = 1048576 (actual: 1048577 bytes); refused before parsing");

    const root = await makeTree({});
    try {
      const at = join(root, "at.toml");
      const over = join(root, "over.toml");
      await writeFile(at, padded(LIMITS.manifest_bytes));
      await writeFile(over, padded(LIMITS.manifest_bytes + 1));
      const readAt = await readManifestBytes(at);
      expect(readAt.ok && readAt.bytes.length).toBe(LIMITS.manifest_bytes);
      const readOver = await readManifestBytes(over);
      if (readOver.ok) throw new Error("expected a read failure");
      expect(readOver.failure).toEqual({ code: "invalid_plugin_package", kind: "manifest-too-large", bytes: undefined });
      expect(render(readOver.failure).message).toBe("manifest exceeds limit manifest_bytes = 1048576 (actual: more than 1048576 bytes); refused before parsing");
    } finally {
      await removeTree(root);
    }
  });

  it("never blocks on a FIFO or follows a symlink swapped in where discovery saw a manifest, and reads a small file whole", async () => {
    const root = await makeTree({ "small.toml": manifest(), "link.toml": { symlink: "small.toml" } });
    try {
      await execa("mkfifo", [join(root, "fifo.toml")]);
      // a plain open would wait for a writer forever: the test's timeout would end it
      const fifo = await readManifestBytes(join(root, "fifo.toml"));
      expect(!fifo.ok && fifo.failure).toEqual({ code: "unreadable_plugin_path", kind: "manifest-not-regular-file" });
      expect(!fifo.ok && render(fifo.failure).message).toBe("manifest is not a regular file");
      const link = await readManifestBytes(join(root, "link.toml"));
      expect(!link.ok && link.failure).toMatchObject({ code: "unreadable_plugin_path", kind: "manifest-unopenable" });
      expect(!link.ok && render(link.failure).message).toMatch(/^cannot open manifest: ELOOP/);
      const small = await readManifestBytes(join(root, "small.toml"));
      expect(small.ok && small.bytes.toString("utf8")).toBe(manifest());
    } finally {
      await removeTree(root);
    }
  });

  it("refuses bytes that are not UTF-8", () => {
    expect(failureOf(decode(Buffer.from([0xff, 0xfe, 0x00, 0x41])))).toEqual({ code: "invalid_plugin_package", kind: "manifest-encoding", offset: 0 });
    // A truncated two-byte sequence inside a string value.
    const truncated = Buffer.concat([Buffer.from(manifest().replace("Demo package", "Demo"), "utf8"), Buffer.from('x = "\xc3"\n', "latin1")]);
    const failure = failureOf(decode(truncated));
    expect(failure.kind).toBe("manifest-encoding");
    expect(render(failure).message).toMatch(/^manifest is not valid UTF-8 \(first malformed byte sequence at byte offset \d+\)$/);
  });

  it("reports TOML syntax errors with line and column", () => {
    const failure = failureOf(decode('schema_version = 1\n[plugin\nname = "x"\n'));
    expect(failure).toMatchObject({ code: "invalid_plugin_package", kind: "manifest-syntax", line: 2 });
    expect(render(failure).message).toMatch(/^invalid TOML at line 2, column \d+: /);
  });
});
