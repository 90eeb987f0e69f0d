// What a bounded text (../bounded.ts) shows where it was cut.

/** Ends a text cut at its bound, so a reader sees that something is missing. */
export const CUT_MARK = "…";
