// The record of written instruction blocks, in <state_dir>/instruction-blocks.json:
//
//   {"schema": 1,
//    "files": {"<absolute target file>": {"created": true, "created_dirs": ["<abs dir>", …]}},
//    "blocks": [{"plugin": "demo", "ref": "instruction:rules", "file": "<absolute target file>",
//                "separator": "\n" | "", "block": "<the block's exact text>"}]}
//
// `created`: this consumer created the file (and `created_dirs`, outermost first), so removal
// deletes it again once it is empty. `separator`: what was inserted before the block
// (instruction-blocks.ts). Instruction files are UTF-8 (SPEC 3.6), so a block's text keeps its
// bytes exactly. A block the user edited stays recorded: a later removal still reports it.

import { blockMarkers, removeBlock, type Removal } from "./instruction-blocks.js";
import { LifecycleFailure } from "./messages/index.js";
import { BLOCKS_FILE, readState, writeState } from "./state-files.js";

export interface BlockRecord {
  plugin: string;
  ref: string;
  file: string;
  separator: string;
  block: string;
}

export interface FileRecord {
  created: boolean;
  created_dirs: string[];
}

export interface BlockState {
  schema: 1;
  files: Record<string, FileRecord>;
  blocks: BlockRecord[];
}

export async function loadBlockState(stateDir: string): Promise<BlockState> {
  // Stryker disable next-line ArrayDeclaration: a string in blocks has no plugin, file or separator, so no filter or find ever picks it
  const state = await readState<BlockState>(stateDir, BLOCKS_FILE, () => ({ schema: 1, files: {}, blocks: [] }));
  // Stryker disable next-line ConditionalExpression,LogicalOperator,BlockStatement: only saveBlockState writes this record and papc never touches state_dir (SPEC 1.11), so no case can hand it a malformed one
  if (typeof state !== "object" || state === null || !Array.isArray(state.blocks) || typeof state.files !== "object" || state.files === null) {
    // Stryker disable next-line ObjectLiteral,StringLiteral: unreachable from a case, see above
    throw new LifecycleFailure({ kind: "lifecycle-block-record-shape", stateDir });
  }
  return state;
}

export async function saveBlockState(stateDir: string, state: BlockState): Promise<void> {
  await writeState(stateDir, BLOCKS_FILE, state);
}

/** Drops file entries no block refers to any more. */
export function pruneFiles(state: BlockState): void {
  for (const file of Object.keys(state.files)) {
    if (!state.blocks.some((b) => b.file === file)) delete state.files[file];
  }
}

/**
 * Removes one recorded block from `bytes`. When its separator had to stay (text follows), and
 * what follows is another recorded block written without a separator, that block now owns the
 * separator (its record is updated), so removing it later restores the file exactly.
 */
export function removeRecorded(bytes: Buffer, record: BlockRecord, siblings: readonly BlockRecord[]): Removal {
  // Stryker disable next-line StringLiteral: "utf8" is Buffer.from's default
  const removal = removeBlock(bytes, Buffer.from(record.block, "utf8"), record.separator, blockMarkers(record.plugin, record.ref));
  // Stryker disable next-line LogicalOperator: a separator not kept went with a block that ended the file (nothing follows) or is gone, which a case can arrange only by deleting the consumer's own separator byte (SPEC 11.4)
  if (removal.kind === "removed" && removal.separatorKept) {
    const next = siblings.find(
      (s) =>
        s !== record &&
        s.file === record.file &&
        // Stryker disable next-line ConditionalExpression: a record written after a separator has that "\n" before it, never another block's end
        s.separator === "" &&
        // Stryker disable next-line StringLiteral: "utf8" is Buffer.from's default
        removal.bytes.subarray(removal.at).subarray(0, Buffer.byteLength(s.block)).equals(Buffer.from(s.block, "utf8")),
    );
    if (next) next.separator = record.separator;
  }
  return removal;
}
