// Raw-byte names in fixture paths. A case file is UTF-8 text, but a file system name is bytes:
// `{hex:HH…}` inside a segment of a `given.files` (or an edit's `files`) path stands for those
// bytes, so a case can make a name that is not UTF-8 (SPEC.md KIT-FIXTURE-RAW-NAMES).

const ESCAPE = /\{hex:([^}]*)\}/g;
const SLASH = 0x2f;

export function hasRawBytes(path: string): boolean {
  return path.includes("{hex:");
}

/** Why the raw-byte escapes of `path` are malformed, or undefined. */
export function rawBytesProblem(path: string): string | undefined {
  for (const segment of path.split("/")) {
    const spans = [...segment.matchAll(ESCAPE)];
    if (segment.split("{hex:").length - 1 !== spans.length) return "has an unterminated {hex:…} escape";
    for (const [escape, hex] of spans) {
      if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex ?? "")) return `has ${escape}, which is not pairs of hex digits`;
      const bytes = Buffer.from(hex ?? "", "hex");
      if (bytes.includes(SLASH) || bytes.includes(0)) return `has ${escape}, which names "/" or NUL`;
    }
    const decoded = segmentBytes(segment).toString("latin1");
    if (decoded === "." || decoded === "..") return `has a {hex:…} segment that spells "${decoded}"`;
  }
  return undefined;
}

function segmentBytes(segment: string): Buffer {
  const pieces: Buffer[] = [];
  let last = 0;
  for (const match of segment.matchAll(ESCAPE)) {
    pieces.push(Buffer.from(segment.slice(last, match.index), "utf8"), Buffer.from(match[1] ?? "", "hex"));
    last = (match.index ?? 0) + match[0].length;
  }
  pieces.push(Buffer.from(segment.slice(last), "utf8"));
  return Buffer.concat(pieces);
}

/** The path's segments as the bytes the file system gets (call after rawBytesProblem). */
export function pathSegmentBytes(path: string): Buffer[] {
  return path.split("/").map(segmentBytes);
}
