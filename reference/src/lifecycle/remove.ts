// `remove` (SPEC 1.11, 11.4, PAP-LIFE-INSTR-REMOVE-OWNED, PAP-LIFE-INSTR-EDITED-BLOCK,
// PAP-LIFE-REVOKE): uninstalls the package from every file it wrote and forgets its grants.
// Each recorded block found with its exact bytes is taken out (with its separator); a block
// the user edited stays, is listed in `kept`, and makes the exit 1; a block that is gone needs
// nothing. Blocks of other packages are never touched. Files are written before the record
// is saved: if a write fails, the record still lists the block, and a new removal retries.

import type { LifecycleArgs } from "../../../runner/shared/protocol.js";
import { compareUtf8 } from "../manifest-types.js";
import { forgetPackage } from "./approve.js";
import { writeFileAtomic } from "./atomic-write.js";
import { loadBlockState, pruneFiles, removeRecorded, saveBlockState, type BlockRecord } from "./block-state.js";
import { deleteCreated, readOptional } from "./file-io.js";
import type { LifecycleOutcome } from "./outcome.js";

export async function removePackage(args: LifecycleArgs): Promise<LifecycleOutcome> {
  const state = await loadBlockState(args.state_dir);
  const mine = state.blocks.filter((b) => b.plugin === args.plugin);
  // Stryker disable next-line MethodExpression: removed is compared as a set (SPEC 1.11); each file is handled on its own
  const files = [...new Set(mine.map((b) => b.file))].sort(compareUtf8);
  const removed: string[] = [];
  const kept: BlockRecord[] = [];

  for (const file of files) {
    const existing = await readOptional(file);
    if (existing === undefined) continue; // the file is gone, and every block with it
    let bytes = existing;
    for (const record of mine.filter((b) => b.file === file)) {
      const removal = removeRecorded(bytes, record, state.blocks);
      if (removal.kind === "removed") bytes = removal.bytes;
      else if (removal.kind === "edited") kept.push(record);
    }
    if (bytes.equals(existing)) continue;
    const entry = Object.hasOwn(state.files, file) ? state.files[file] : undefined;
    // Empty now: no block of any package is left in it, and none of the user's bytes.
    // Stryker disable next-line OptionalChaining: a file with a recorded block always has its entry (instruction-writer.ts sets it with the first block; pruneFiles drops it with the last)
    if (bytes.length === 0 && entry?.created) await deleteCreated(file, entry.created_dirs);
    else await writeFileAtomic(file, bytes);
    removed.push(file);
  }

  state.blocks = state.blocks.filter((b) => b.plugin !== args.plugin || kept.includes(b));
  pruneFiles(state);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: saving the block state unchanged changes nothing a later step can see
  if (mine.length > 0) await saveBlockState(args.state_dir, state);
  await forgetPackage(args.state_dir, args.plugin);

  const result: LifecycleOutcome = { exit: kept.length > 0 ? 1 : 0, removed };
  // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty `kept` says what an absent one says, and the note only words the message
  if (kept.length > 0) {
    result.kept = kept.map((k) => ({ file: k.file, ref: k.ref }));
    result.note = { kind: "lifecycle-blocks-kept", count: kept.length };
  }
  return result;
}
