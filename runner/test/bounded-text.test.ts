// LineSplitter: line framing of an implementation's stdout (KIT-PROTOCOL-FRAMING, -BOUNDED).
import { describe, expect, it } from "vitest";
import { LineSplitter } from "../src/protocol/bounded-text.js";

function split(maxLine: number, chunks: (string | number[])[]) {
  const lines: string[] = [];
  const overflows: number[] = [];
  const invalid: string[] = [];
  const splitter = new LineSplitter(
    maxLine,
    (l) => lines.push(l),
    (n) => overflows.push(n),
    (p) => invalid.push(p),
  );
  for (const c of chunks) splitter.push(typeof c === "string" ? Buffer.from(c, "utf8") : Buffer.from(c));
  return { lines, overflows, invalid };
}

describe("LineSplitter", () => {
  it("splits on LF and strips a CR before it", () => {
    expect(split(100, ["a\nb\r\nc"]).lines).toEqual(["a", "b"]);
  });

  it("joins a multi-byte character split across chunks", () => {
    const bytes = [...Buffer.from("é😀\n", "utf8")];
    expect(split(100, [bytes.slice(0, 1), bytes.slice(1, 3), bytes.slice(3)]).lines).toEqual(["é😀"]);
  });

  it("reports a line that is not UTF-8 instead of decoding it lossily, and stops", () => {
    const r = split(100, [[0x7b, 0xff, 0x7d, 0x0a], "ok\n"]);
    expect(r.lines).toEqual([]);
    expect(r.invalid).toHaveLength(1);
    expect(r.invalid[0]).toMatch(/not UTF-8/);
  });

  it("does not count the terminator: a line of exactly the limit passes with LF and with CRLF", () => {
    expect(split(4, ["abcd\n"]).lines).toEqual(["abcd"]);
    expect(split(4, ["abcd\r\n"]).lines).toEqual(["abcd"]);
    expect(split(4, ["abcd\r", "\n"]).lines).toEqual(["abcd"]);
  });

  it("refuses a line one byte over the limit, whatever its ending", () => {
    expect(split(4, ["abcde\n"]).overflows).toEqual([5]);
    expect(split(4, ["abcde\r\n"]).overflows).toEqual([5]);
    // unfinished: one byte of slack for a CR, then the overflow is certain
    expect(split(4, ["abcde"]).overflows).toEqual([]);
    expect(split(4, ["abcdef"]).overflows).toEqual([6]);
  });
});
