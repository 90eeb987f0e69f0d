// Findings of the walk of one package directory (reference/src/validate/package-tree.ts,
// SPEC.md 3.1.1): unsafe entries, unreadable paths and the package limits.

import { PACKAGE_LIMITS } from "../package-tree.js";
import { type Messages, phrase } from "./wording.js";

/** What lstat calls an entry that is neither a regular file, a directory nor a symlink. */
export type SpecialEntry = "fifo" | "socket" | "character-device" | "block-device" | "other";

export type TreeProblem =
  | { code: "unreadable_plugin_path"; kind: "tree-root-uninspectable"; error: string }
  | { code: "unsafe_plugin_package_entry"; kind: "tree-root-symlink" }
  | { code: "invalid_plugin_package"; kind: "tree-root-not-directory" }
  | { code: "unreadable_plugin_path"; kind: "tree-root-unlistable"; error: string }
  | { code: "unreadable_plugin_path"; kind: "tree-directory-unlistable"; error: string }
  | { code: "unreadable_plugin_path"; kind: "tree-entry-uninspectable"; error: string }
  /** `hex`: the name's bytes in hexadecimal. */
  | { code: "invalid_plugin_package"; kind: "tree-name-encoding"; hex: string }
  | { code: "unsafe_plugin_package_entry"; kind: "tree-symlink" }
  | { code: "unsafe_plugin_package_entry"; kind: "tree-special"; special: SpecialEntry }
  | { code: "invalid_plugin_package"; kind: "tree-package-entries" }
  | { code: "invalid_plugin_package"; kind: "tree-directory-levels"; level: number }
  | { code: "invalid_plugin_package"; kind: "tree-file-bytes"; bytes: number }
  /** `complete` false: the walk stopped at the entry limit, so `bytes` is a lower bound. */
  | { code: "invalid_plugin_package"; kind: "tree-package-bytes"; bytes: number; complete: boolean };

const SPECIAL_ENTRIES: Record<SpecialEntry, string> = {
  fifo: "a named pipe (FIFO)",
  socket: "a socket",
  "character-device": "a character device",
  "block-device": "a block device",
  other: "not a regular file or directory",
};

export const TREE_MESSAGES: Messages<TreeProblem> = {
  "tree-root-uninspectable": (p) => ({ message: `cannot inspect the package directory: ${p.error}` }),
  "tree-root-symlink": () => ({ message: "the package directory must not be a symlink; it was not followed" }),
  "tree-root-not-directory": () => ({ message: "the package path must be a directory" }),
  "tree-root-unlistable": (p) => ({ message: `cannot list the package directory: ${p.error}` }),
  "tree-directory-unlistable": (p) => ({ message: `cannot list package directory: ${p.error}` }),
  "tree-entry-uninspectable": (p) => ({ message: `cannot inspect package entry: ${p.error}` }),
  "tree-name-encoding": (p) => ({ message: `package entry name is not valid UTF-8 (bytes ${p.hex}); not inspected` }),
  "tree-symlink": () => ({ message: "package entry is a symlink; packages must not contain symlinks (it was not followed)" }),
  "tree-special": (p) => ({ message: `package entry is ${phrase(SPECIAL_ENTRIES, p.special)}; only regular files and directories are allowed (it was not opened)` }),
  "tree-package-entries": () => ({
    message: `package exceeds limit package_entries = ${PACKAGE_LIMITS.package_entries} (actual: more than ${PACKAGE_LIMITS.package_entries} entries); walk stopped`,
  }),
  "tree-directory-levels": (p) => ({
    message: `directory exceeds limit directory_levels = ${PACKAGE_LIMITS.directory_levels} (actual: level ${p.level}); not listed`,
  }),
  "tree-file-bytes": (p) => ({ message: `file exceeds limit file_bytes = ${PACKAGE_LIMITS.file_bytes} (actual: ${p.bytes} bytes); not read` }),
  "tree-package-bytes": (p) => ({
    message: `package exceeds limit package_bytes = ${PACKAGE_LIMITS.package_bytes} (actual: ${p.complete ? "" : "at least "}${p.bytes} bytes in regular files)`,
  }),
};
