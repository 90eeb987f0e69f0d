// `papc harness matrix`, apart from argument parsing (runner/src/cli.ts).

import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Output } from "../harness/commands.js";
import { HarnessInstallError } from "../harness/install.js";
import { runMatrix } from "./matrix.js";
import { MATRIX_DOC, MATRIX_JSON, renderMatrix } from "./matrix-markdown.js";
import { HarnessVersionError, parseHarnessFlag, type Registry } from "../harness/versions.js";

export async function matrixCommand(o: { kitRoot: string; words: string[]; out: string; publish: boolean; jobs: number; registry?: Registry }, io: Output): Promise<number> {
  let matrix;
  try {
    const requests = o.words.map(parseHarnessFlag);
    matrix = await runMatrix({ kitRoot: o.kitRoot, requests, words: o.words, jobs: o.jobs, say: (line) => io.out(`${line}\n`), ...(o.registry ? { registry: o.registry } : {}) });
  } catch (err) {
    if (err instanceof HarnessVersionError) {
      io.err(`papc: ${err.message}\n`);
      return 2;
    }
    if (err instanceof HarnessInstallError) {
      io.err(`papc: cannot install ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  const json = `${JSON.stringify(matrix, null, 2)}\n`;
  const text = renderMatrix(matrix);
  await mkdir(o.out, { recursive: true });
  await writeFile(join(o.out, "harness-versions.json"), json);
  await writeFile(join(o.out, "harness-versions.md"), text);
  if (o.publish) {
    await writeFile(join(o.kitRoot, MATRIX_JSON), json);
    await writeFile(join(o.kitRoot, MATRIX_DOC), text);
  }
  io.out(
    `${matrix.versions.length} version(s) in ${(matrix.duration_ms / 1000).toFixed(1)} s; ${matrix.changes.length} change(s) of outcome; written ${join(o.out, "harness-versions.md")}${o.publish ? ` and ${MATRIX_DOC}` : ""}\n`,
  );
  return 0;
}
