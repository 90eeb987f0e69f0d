// What the commands that generate a document from run reports (`papc compat`, `papc
// compat-loaders`) share: links relative to where the document goes, and writing it there or
// printing it.

import { writeFile } from "node:fs/promises";
import { relative } from "node:path";

/** The prefix that turns a kit-relative path into a link from `outDir` ("" or "../"). */
export function linkPrefixFrom(outDir: string, root: string): string {
  const prefix = relative(outDir, root);
  return prefix === "" ? "" : `${prefix}/`;
}

/** Writes the document to `out` (and says so), or prints it when there is no `out`. */
export async function writeOrPrint(text: string, out: string | undefined, io: { out(t: string): void }): Promise<void> {
  if (out) {
    await writeFile(out, text);
    io.out(`wrote ${out}\n`);
  } else {
    io.out(text);
  }
}
