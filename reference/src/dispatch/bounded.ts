// Messages the dispatcher writes are one line and bounded, whatever they quote.

const MAX_MESSAGE = 400;

export function bounded(text: string, max = MAX_MESSAGE): string {
  const oneLine = text.replace(/[\u0000-\u001f\u007f]+/g, " ");
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1)}…`;
}
