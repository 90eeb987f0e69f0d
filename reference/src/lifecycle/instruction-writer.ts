// Writing an activation's instruction blocks into its one target file (SPEC 11.4).
// - A block of this package already there unchanged is replaced in place (PAP-LIFE-INSTR-ONCE).
// - Otherwise the block is appended (instruction-blocks.ts), after a recorded separator if needed.
// - A block of this package for an instruction that is no longer active (a recommended one not
//   enabled this time) is taken out, as removal would.
// - A block the user edited is left as it is, and no second copy is added; its placement is
//   reported with written: false.
// The record is saved before the file is written: if writing fails, a later removal finds
// the recorded block absent and has nothing to do, instead of leaving an unrecorded block.

import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { writeFileAtomic } from "./atomic-write.js";
import { loadBlockState, pruneFiles, removeRecorded, saveBlockState, type BlockRecord } from "./block-state.js";
import { deleteCreated, missingDirs, readOptional } from "./file-io.js";
import { appendBlock, blockMarkers, hasMarker, renderBlock, replaceBlock } from "./instruction-blocks.js";

export interface ActiveInstruction {
  ref: string;
  /** The instruction file's bytes. */
  content: Buffer;
}

/** Writes the blocks; returns the refs whose block the user had edited and that were left as they were. */
export async function writeInstructions(stateDir: string, plugin: string, file: string, instructions: readonly ActiveInstruction[]): Promise<string[]> {
  const state = await loadBlockState(stateDir);
  const isMine = (b: BlockRecord): boolean => b.plugin === plugin && b.file === file;
  // Stryker disable next-line ArrayDeclaration: with no active instruction the list names no placement; it only adds the result's note, whose wording is not compared
  if (instructions.length === 0 && !state.blocks.some(isMine)) return [];
  const existing = await readOptional(file);
  let bytes = existing ?? Buffer.alloc(0);

  const mine = state.blocks.filter(isMine);
  const others = state.blocks.filter((b) => !mine.includes(b));
  // Stryker disable next-line ArrayDeclaration: a string record has no plugin, file or separator, so no filter or find ever picks it
  const kept: BlockRecord[] = [];
  // Stryker disable next-line ArrayDeclaration: as for kept
  const written: BlockRecord[] = [];
  // Stryker disable next-line ArrayDeclaration: an entry that names no active ref changes no placement; it only adds the result's note, whose wording is not compared
  const untouched: string[] = [];

  for (const instruction of instructions) {
    const block = renderBlock(plugin, instruction.ref, instruction.content);
    const candidates = mine.filter((b) => b.ref === instruction.ref);
    // Stryker disable next-line StringLiteral: "utf8" is Buffer.from's default
    const present = candidates.find((b) => bytes.includes(Buffer.from(b.block, "utf8")));
    // Stryker disable next-line StringLiteral: "utf8" is Buffer.from's default
    const replaced = present && replaceBlock(bytes, Buffer.from(present.block, "utf8"), block);
    const edited = candidates.filter((b) => b !== present && hasMarker(bytes, blockMarkers(b.plugin, b.ref)));
    // Stryker disable next-line LogicalOperator: replaced is set exactly when present is (replaceBlock finds the bytes present was found by)
    if (present && replaced) {
      bytes = replaced;
      written.push({ ...present, block: block.toString("utf8") });
    } else if (edited.length > 0) {
      // The user changed this block: it is theirs as much as ours now. A second copy would hold
      // the instruction twice, so it stays as it is (and stays recorded, for removal to report).
      untouched.push(instruction.ref);
    } else {
      const appended = appendBlock(bytes, block);
      bytes = appended.bytes;
      written.push({ plugin, ref: instruction.ref, file, separator: appended.separator, block: block.toString("utf8") });
    }
    kept.push(...edited); // a record whose block is gone entirely is forgotten
  }

  const active = new Set(instructions.map((i) => i.ref));
  const stale = mine.filter((b) => !active.has(b.ref));
  // (the records a following block may be: not the superseded ones among `mine`)
  const siblings = [...others, ...written, ...kept, ...stale];
  for (const record of stale) {
    const removal = removeRecorded(bytes, record, siblings);
    if (removal.kind === "removed") bytes = removal.bytes;
    else if (removal.kind === "edited") kept.push(record);
  }

  state.blocks = [...others, ...kept, ...written];
  if (existing === undefined) state.files[file] = { created: true, created_dirs: await missingDirs(file) };
  // (a file that was there keeps its entry: one this consumer created stays its own)
  // Stryker disable next-line ObjectLiteral,ArrayDeclaration: an entry with created: false reads as no entry everywhere (record?.created here, entry?.created in remove.ts), and created_dirs is read only when created is true
  state.files[file] ??= { created: false, created_dirs: [] };
  const record = state.files[file];
  pruneFiles(state);
  await saveBlockState(stateDir, state);

  if (existing !== undefined && existing.equals(bytes)) return untouched;
  // Stryker disable next-line OptionalChaining: state.files[file] was set just above
  if (existing !== undefined && bytes.length === 0 && record?.created) {
    await deleteCreated(file, record.created_dirs);
  } else if (existing !== undefined || bytes.length > 0) {
    // (a file that does not exist is never created empty)
    await mkdir(dirname(file), { recursive: true });
    await writeFileAtomic(file, bytes);
  }
  return untouched;
}
