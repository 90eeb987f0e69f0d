// JSON Pointers (RFC 6901) for diagnostics: the exact pointer goes into the `pointer` field,
// a shortened one into human-readable messages (keys can be up to 16 KiB long). A messages/
// module, not mutated: a diagnostic's pointer is papc's extension of report schema 1 and is never
// compared, like its message (SPEC 4.2, KIT-EXPECT-DIAGNOSTICS).

export function escapeSegment(segment: string | number): string {
  return String(segment).replaceAll("~", "~0").replaceAll("/", "~1");
}

export function pointerFrom(segments: readonly (string | number)[]): string {
  return segments.map((segment) => "/" + escapeSegment(segment)).join("");
}

const MESSAGE_POINTER_CHARS = 200;

/** The pointer as shown in a message: "(root)" for "", long pointers cut in the middle. */
export function describePointer(pointer: string): string {
  if (pointer === "") return "(root)";
  if (pointer.length <= MESSAGE_POINTER_CHARS) return pointer;
  const half = MESSAGE_POINTER_CHARS / 2;
  return `${pointer.slice(0, half)}…${pointer.slice(-half)}`;
}
