// Messages the dispatcher writes are one line and bounded, whatever they quote.

import { CUT_MARK } from "./messages/bounds.js";

const MAX_MESSAGE = 400;

// Stryker disable next-line BlockStatement: an empty body only changes the wording of messages, never compared
export function bounded(text: string, max = MAX_MESSAGE): string {
  // Stryker disable next-line Regex,StringLiteral: how control characters in a message are replaced is wording only
  const oneLine = text.replace(/[\u0000-\u001f\u007f]+/g, " ");
  // The cap itself is observable (a 3000-character package name: hooks/events/unknown-package-long-name-claude
  // bounds stderr); cutting a message that is short enough, or a character earlier or later, is wording only
  // and left unmarked (runner/mutation/EQUIVALENT.md).
  if (oneLine.length <= max) return oneLine;
  // Stryker disable next-line ArithmeticOperator: where the cut falls is wording only (one character more or less)
  return oneLine.slice(0, max - 1) + CUT_MARK;
}
