// Findings about a package's local tool descriptors (reference/src/validate/tools.ts, SPEC.md 3.9).

import { pointerFrom } from "../../messages/json-pointer.js";
import { type Messages, phrase, quote } from "./wording.js";

/** Why a tool path is not a contained relative path (tools.ts toolPathProblem). */
export type ToolPathFlaw = "empty" | "backslash" | "nul" | "absolute" | "empty-segment" | "dot-segment" | "dot-dot-segment";

/** Where in a tool descriptor a named file is declared: its entry, or files[n]. */
export type ToolFileSlot = { entry: true } | { entry: false; file: number };

export type ToolProblem =
  | { code: "invalid_plugin_package"; kind: "tool-id-repeated"; tool: number; id: string }
  | { code: "invalid_plugin_package"; kind: "tool-entry-path"; tool: number; id: string; path: string; flaw: ToolPathFlaw }
  | { code: "invalid_plugin_package"; kind: "tool-file-path"; tool: number; id: string; file: number; path: string; flaw: ToolPathFlaw }
  | { code: "invalid_plugin_package"; kind: "tool-entry-in-files"; tool: number; id: string; file: number; path: string }
  | { code: "invalid_plugin_package"; kind: "tool-file-repeated"; tool: number; id: string; file: number; path: string }
  | { code: "invalid_plugin_package"; kind: "tool-file-missing"; tool: number; id: string; slot: ToolFileSlot; path: string }
  | { code: "invalid_plugin_package"; kind: "tool-file-directory"; tool: number; id: string; slot: ToolFileSlot; path: string }
  | { code: "unsafe_plugin_package_entry"; kind: "tool-file-symlink"; tool: number; id: string; slot: ToolFileSlot; path: string; symlink: string }
  | { code: "unsafe_plugin_package_entry"; kind: "tool-file-special"; tool: number; id: string; slot: ToolFileSlot; path: string }
  | { code: "unreadable_plugin_path"; kind: "tool-file-unreadable"; tool: number; id: string; slot: ToolFileSlot; path: string; error: string }
  | { code: "invalid_plugin_package"; kind: "tool-entry-not-executable"; tool: number; id: string; path: string }
  | { code: "invalid_plugin_package"; kind: "tool-input-name"; tool: number; id: string; input: number; name: string; maxBytes: number }
  | { code: "invalid_plugin_package"; kind: "tool-input-repeated"; tool: number; id: string; input: number; name: string }
  | { code: "invalid_plugin_package"; kind: "tool-argv-embedded"; tool: number; id: string; arg: number; element: string }
  | { code: "invalid_plugin_package"; kind: "tool-argv-undeclared"; tool: number; id: string; arg: number; element: string; name: string }
  | { code: "invalid_plugin_package"; kind: "tool-env-name"; tool: number; id: string; env: number; name: string; maxBytes: number }
  | { code: "invalid_plugin_package"; kind: "tool-env-repeated"; tool: number; id: string; env: number; name: string };

const PATH_FLAWS: Record<ToolPathFlaw, string> = {
  empty: "is empty",
  backslash: "contains a backslash",
  nul: "contains NUL",
  absolute: "is absolute",
  "empty-segment": "has an empty segment",
  "dot-segment": 'has a "." segment',
  "dot-dot-segment": 'has a ".." segment',
};

const at = (tool: number, ...rest: (string | number)[]) => pointerFrom(["tool", tool, ...rest]);
const slotPointer = (tool: number, slot: ToolFileSlot) => (slot.entry ? at(tool, "entry") : at(tool, "files", slot.file));
const names = (p: { id: string; path: string }) => `tool ${quote(p.id)} names ${quote(p.path)}`;

export const TOOL_MESSAGES: Messages<ToolProblem> = {
  "tool-id-repeated": (p) => ({ message: `tool id ${quote(p.id)} is declared more than once in this package`, pointer: at(p.tool, "id") }),
  "tool-entry-path": (p) => ({
    message: `tool ${quote(p.id)} entry ${quote(p.path)} ${phrase(PATH_FLAWS, p.flaw)}; it must be a relative path inside the package`,
    pointer: at(p.tool, "entry"),
  }),
  "tool-file-path": (p) => ({
    message: `tool ${quote(p.id)} file ${quote(p.path)} ${phrase(PATH_FLAWS, p.flaw)}; it must be a relative path inside the package`,
    pointer: at(p.tool, "files", p.file),
  }),
  "tool-entry-in-files": (p) => ({
    message: `tool ${quote(p.id)} lists its entry ${quote(p.path)} in files; the entry is included automatically`,
    pointer: at(p.tool, "files", p.file),
  }),
  "tool-file-repeated": (p) => ({ message: `tool ${quote(p.id)} lists ${quote(p.path)} in files more than once`, pointer: at(p.tool, "files", p.file) }),
  "tool-file-missing": (p) => ({ message: `${names(p)}, which is not a file of the package`, pointer: slotPointer(p.tool, p.slot) }),
  "tool-file-directory": (p) => ({ message: `${names(p)}, which is a directory, not a regular file`, pointer: slotPointer(p.tool, p.slot) }),
  "tool-file-symlink": (p) => ({
    message: `${names(p)}, which relies on the symlink ${quote(p.symlink)}; tool files must be regular files reached without symlinks`,
    pointer: slotPointer(p.tool, p.slot),
  }),
  "tool-file-special": (p) => ({ message: `${names(p)}, which is a special file (FIFO, device or socket), not a regular file`, pointer: slotPointer(p.tool, p.slot) }),
  "tool-file-unreadable": (p) => ({ message: `${names(p)}, which cannot be inspected: ${p.error}`, pointer: slotPointer(p.tool, p.slot) }),
  "tool-entry-not-executable": (p) => ({
    message: `tool ${quote(p.id)} has runtime "executable" but its entry ${quote(p.path)} has no executable permission bit`,
    pointer: at(p.tool, "entry"),
  }),
  "tool-input-name": (p) => ({
    message: `tool ${quote(p.id)} input name ${quote(p.name)} must be lower snake case (^[a-z][a-z0-9]*(_[a-z0-9]+)*$, at most ${p.maxBytes} bytes)`,
    pointer: at(p.tool, "inputs", p.input, "name"),
  }),
  "tool-input-repeated": (p) => ({ message: `tool ${quote(p.id)} declares input ${quote(p.name)} more than once`, pointer: at(p.tool, "inputs", p.input, "name") }),
  "tool-argv-embedded": (p) => ({
    message: `tool ${quote(p.id)} argv element ${quote(p.element)} embeds a substitution; only a whole element \${input.<name>} may interpolate an input`,
    pointer: at(p.tool, "argv", p.arg),
  }),
  "tool-argv-undeclared": (p) => ({
    message: `tool ${quote(p.id)} argv element ${quote(p.element)} interpolates ${quote(p.name)}, which is not a declared input of the tool`,
    pointer: at(p.tool, "argv", p.arg),
  }),
  "tool-env-name": (p) => ({
    message: `tool ${quote(p.id)} env entry ${quote(p.name)} is not a portable environment variable name (^[A-Z_][A-Z0-9_]*$, at most ${p.maxBytes} bytes)`,
    pointer: at(p.tool, "env", p.env),
  }),
  "tool-env-repeated": (p) => ({ message: `tool ${quote(p.id)} lists env ${quote(p.name)} more than once`, pointer: at(p.tool, "env", p.env) }),
};
