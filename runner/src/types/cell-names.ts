// The names of the compatibility matrix's cells (SPEC 1.7, KIT-LIVE-MATRIX, KIT-LIVE-PROVES): the
// native events a live run can show, and per kind of cell the rows it can have. Read by the run
// (cells.ts), by the matrix (matrix.ts) and by the case schema, for a case's `proves` list.

import type { LiveCell } from "./run-report.js";

export const CELL_EVENTS = ["UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure", "Stop", "SessionEnd"] as const;
export const CELL_EFFECTS = ["observe", "add_context", "allow_deny (allow)", "allow_deny (deny)", "rewrite_input", "replace_output", "continue_workflow"] as const;
export const CELL_POLICIES = ["fail_closed", "fail_open", "report"] as const;
const EFFECT_NAMES = "observe|add_context|allow_deny|rewrite_input|replace_output|continue_workflow";
const POLICY = "(fail_closed|fail_open|report)/(user|model_and_user)";

/** A failure cell's row: `<failure_policy>/<error_visibility>`. */
export const FAILURE_ROW_PATTERN = `^${POLICY}$`;
/** A refused or omitted hook's row: its whole combination, `<effect>, <failure_policy>/<error_visibility>`. */
export const PROJECTION_ROW_PATTERN = `^(${EFFECT_NAMES}), ${POLICY}$`;

/** Two cells are the same when kind, row and event are. */
export const sameCell = (a: LiveCell, b: LiveCell): boolean => a.kind === b.kind && a.row === b.row && a.event === b.event;

/** The row of a refused or omitted hook: what makes it unsupported is somewhere in this combination (SPEC 3.11). */
export function projectionRow(hook: { effect: string; failure_policy: string; error_visibility: string }): string {
  return `${hook.effect}, ${hook.failure_policy}/${hook.error_visibility}`;
}
