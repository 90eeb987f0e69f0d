// Instruction blocks (SPEC 11.4): the bytes this consumer owns inside an instruction file, and
// the byte operations on a file that holds them. Everything works on Buffers, so the user's
// bytes (CRLF, a BOM, a missing final newline, trailing spaces, even invalid UTF-8) are
// copied, never decoded and re-encoded.
//
// A block is exactly:
//
//   <!-- pap:begin <plugin> <ref> -->\n
//   <the instruction file's bytes, a leading UTF-8 BOM dropped, "\n" added unless empty or
//    already ending in "\n">
//   <!-- pap:end <plugin> <ref> -->\n
//
// e.g. "<!-- pap:begin demo instruction:style -->\nUse tabs.\n<!-- pap:end demo instruction:style -->\n".
// A new block goes at the end of the file. When the file is not empty and does not end in
// "\n", a separator "\n" goes first so the block starts on a line of its own; the caller
// records it, so removal takes back exactly that byte and nothing the user wrote.

export const SEPARATOR = "\n";

const NEWLINE = 0x0a;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function beginMarker(plugin: string, ref: string): string {
  return `<!-- pap:begin ${plugin} ${ref} -->`;
}

function endMarker(plugin: string, ref: string): string {
  return `<!-- pap:end ${plugin} ${ref} -->`;
}

/** Both markers of a package's block for one instruction. */
export function blockMarkers(plugin: string, ref: string): [string, string] {
  return [beginMarker(plugin, ref), endMarker(plugin, ref)];
}

/** Whether either marker is in the file: the block is there, as written or as the user edited it. */
export function hasMarker(file: Buffer, markers: readonly string[]): boolean {
  // Stryker disable next-line MethodExpression,StringLiteral: every differs only once the user deleted one marker, which a case can do only by writing this consumer's marker text (SPEC 11.4 leaves markers to the consumer); "utf8" is Buffer.from's default
  return markers.some((marker) => file.includes(Buffer.from(marker, "utf8")));
}

export function renderBlock(plugin: string, ref: string, content: Buffer): Buffer {
  const body = content.subarray(0, 3).equals(BOM) ? content.subarray(3) : content;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,ArithmeticOperator,StringLiteral: the line break before the end marker is the consumer's delimiting (SPEC 11.4, no case reads markers), and every block is rendered alike
  const closing = body.length > 0 && body[body.length - 1] !== NEWLINE ? "\n" : "";
  // Stryker disable next-line StringLiteral: the markers are the consumer's delimiting (SPEC 11.4, no case reads them); "utf8" is Buffer.from's default
  return Buffer.concat([Buffer.from(`${beginMarker(plugin, ref)}\n`, "utf8"), body, Buffer.from(`${closing}${endMarker(plugin, ref)}\n`, "utf8")]);
}

/** The file with `block` appended, and the separator put before it ("" or SEPARATOR). */
export function appendBlock(file: Buffer, block: Buffer): { bytes: Buffer; separator: string } {
  const separator = file.length > 0 && file[file.length - 1] !== NEWLINE ? SEPARATOR : "";
  // Stryker disable next-line StringLiteral: "utf8" is Buffer.from's default
  return { bytes: Buffer.concat([file, Buffer.from(separator, "utf8"), block]), separator };
}

/** The file with the first occurrence of `old` replaced by `next` in place, or undefined when `old` is not there. */
export function replaceBlock(file: Buffer, old: Buffer, next: Buffer): Buffer | undefined {
  const at = file.indexOf(old);
  if (at < 0) return undefined;
  return Buffer.concat([file.subarray(0, at), next, file.subarray(at + old.length)]);
}

export type Removal =
  /** `at`: where the bytes after the block now start. `separatorKept`: the recorded separator was left before them. */
  | { kind: "removed"; bytes: Buffer; at: number; separatorKept: boolean }
  /** A marker is there but not the block's exact bytes: the user changed it; it is left alone. */
  | { kind: "edited" }
  /** Neither the block nor its markers: nothing to remove. */
  | { kind: "absent" };

/**
 * Takes `block` (and the separator recorded before it, when it is exactly there) out of the
 * file. The separator goes only when the block ends the file; with text after the block it is
 * left, so that text keeps starting on its own line (the caller hands it on to a recorded
 * block that follows, see block-state.ts).
 */
export function removeBlock(file: Buffer, block: Buffer, separator: string, markers: readonly string[]): Removal {
  const at = file.indexOf(block);
  if (at < 0) {
    if (hasMarker(file, markers)) return { kind: "edited" };
    // Stryker disable next-line ObjectLiteral,StringLiteral: both callers act on "removed" and "edited" only; any other value is nothing to do
    return { kind: "absent" };
  }
  const end = at + block.length;
  // Stryker disable next-line StringLiteral: "utf8" is Buffer.from's default
  const sep = Buffer.from(separator, "utf8");
  // An empty separator is always "there", and taking it back changes nothing; before offset 0
  // the subarray is empty, so a recorded "\n" is there only when it really precedes the block.
  const hasSeparator = file.subarray(at - sep.length, at).equals(sep);
  if (hasSeparator && end === file.length) {
    const start = at - sep.length;
    // Stryker disable next-line BooleanLiteral: the block ended the file, so no block follows to take the separator over
    return { kind: "removed", bytes: file.subarray(0, start), at: start, separatorKept: false };
  }
  return { kind: "removed", bytes: Buffer.concat([file.subarray(0, at), file.subarray(end)]), at, separatorKept: hasSeparator };
}
