// Bounded buffers for an implementation's output: memory stays flat whatever it prints.

/** Keeps the last `limit` characters written; counts what was dropped. */
export class TailBuffer {
  private text = "";
  private dropped = 0;
  constructor(private readonly limit: number) {}

  push(chunk: string): void {
    this.text += chunk;
    if (this.text.length > this.limit) {
      this.dropped += this.text.length - this.limit;
      this.text = this.text.slice(this.text.length - this.limit);
    }
  }

  /** Returns the content and empties the buffer. */
  take(): string {
    const out = this.dropped > 0 ? `[… ${this.dropped} earlier characters dropped]\n${this.text}` : this.text;
    this.text = "";
    this.dropped = 0;
    return out;
  }
}

const CR = 13;
const LF = 10;

/**
 * Splits a byte stream into lines of at most `maxLine` bytes, not counting the terminating LF or
 * CRLF. A longer line is reported once through `onOverflow` and everything after it is dropped:
 * the caller kills the process. A line that is not UTF-8 is not JSON text (RFC 8259 §8.1), so it
 * is reported through `onInvalid` instead of being decoded lossily with U+FFFD.
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private size = 0;
  private overflowed = false;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

  constructor(
    private readonly maxLine: number,
    private readonly onLine: (line: string) => void,
    private readonly onOverflow: (bytes: number) => void,
    private readonly onInvalid: (problem: string) => void,
  ) {}

  push(chunk: Buffer): void {
    if (this.overflowed) return;
    let start = 0;
    for (let nl = chunk.indexOf(LF, start); nl !== -1; nl = chunk.indexOf(LF, start)) {
      const piece = chunk.subarray(start, nl);
      const bytes = Buffer.concat([...this.parts, piece]);
      const content = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.subarray(0, -1) : bytes;
      if (content.length > this.maxLine) return this.overflow(content.length);
      this.parts = [];
      this.size = 0;
      start = nl + 1;
      const line = this.decode(content);
      if (line === undefined) return;
      this.onLine(line);
      if (this.overflowed) return;
    }
    const rest = chunk.subarray(start);
    // one byte of slack: an unfinished line of exactly maxLine bytes may still end with CRLF
    if (this.size + rest.length > this.maxLine + 1) return this.overflow(this.size + rest.length);
    if (rest.length > 0) {
      this.parts.push(Buffer.from(rest));
      this.size += rest.length;
    }
  }

  /** Stops splitting: later chunks are ignored (used once the process is being killed). */
  close(): void {
    this.overflowed = true;
    this.parts = [];
    this.size = 0;
  }

  private decode(bytes: Buffer): string | undefined {
    try {
      return this.decoder.decode(bytes);
    } catch {
      this.close();
      const shown = bytes.toString("utf8", 0, Math.min(bytes.length, 200)); // U+FFFD marks the bad bytes
      this.onInvalid(`a reply line is not UTF-8 text: ${JSON.stringify(shown)}${bytes.length > 200 ? "…" : ""}`);
      return undefined;
    }
  }

  private overflow(bytes: number): void {
    this.close();
    this.onOverflow(bytes);
  }
}
