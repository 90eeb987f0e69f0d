// Emits the declaration files of the public API (dist/runner/src/api.d.ts and the type modules
// it names) for the npm package; run by `npm pack` / `npm publish` as the prepack script.
//
// Why not `declaration: true` in tsconfig.json: the build would then emit declarations for every
// module, and the JSON Schema constants of runner/src/schemas/ have inferred types TypeScript
// cannot serialize (TS7056, TS4023), which fails the build. The API needs none of them, so its
// modules are emitted one by one with isolated declaration emit (ts.transpileDeclaration: no
// type checking, explicit types only), following the relative imports of each emitted file.
// tsc has already type-checked these sources; a diagnostic here means an export of the API lost
// its explicit type, and fails the pack. Messages go to stderr: `npm pack --json` keeps its stdout.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const ENTRY = "runner/src/api.ts";
const OUT_DIR = "dist";
const compilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  strict: true,
  declaration: true,
};

const queue = [ENTRY];
const done = new Set();
let failed = false;
while (queue.length > 0) {
  const rel = queue.shift();
  if (done.has(rel)) continue;
  done.add(rel);
  const file = join(root, rel);
  const out = ts.transpileDeclaration(readFileSync(file, "utf8"), { fileName: file, compilerOptions, reportDiagnostics: true });
  for (const d of out.diagnostics ?? []) {
    const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    process.stderr.write(`${rel}${at ? `:${at.line + 1}:${at.character + 1}` : ""}: TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}\n`);
    failed = true;
  }
  const target = join(root, OUT_DIR, rel.replace(/\.ts$/, ".d.ts"));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, out.outputText);
  for (const m of out.outputText.matchAll(/(?:from\s+|import\()\s*["'](\.{1,2}\/[^"']+)\.js["']/g)) {
    queue.push(relative(root, resolve(dirname(file), `${m[1]}.ts`)));
  }
}
if (failed) process.exit(1);
process.stderr.write(`emit-api-types: ${done.size} declaration files under ${OUT_DIR}/\n`);
