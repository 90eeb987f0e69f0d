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

/**
 * Splits a byte stream into lines of at most `maxLine` bytes. A longer line is reported once
 * through `onOverflow` and everything after it is dropped: the caller kills the process.
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private size = 0;
  private overflowed = false;

  constructor(
    private readonly maxLine: number,
    private readonly onLine: (line: string) => void,
    private readonly onOverflow: (bytes: number) => void,
  ) {}

  push(chunk: Buffer): void {
    if (this.overflowed) return;
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      if (this.size + piece.length > this.maxLine) return this.overflow(this.size + piece.length);
      const line = Buffer.concat([...this.parts, piece]).toString("utf8");
      this.parts = [];
      this.size = 0;
      start = nl + 1;
      this.onLine(line.endsWith("\r") ? line.slice(0, -1) : line);
      if (this.overflowed) return;
    }
    const rest = chunk.subarray(start);
    if (this.size + rest.length > this.maxLine) return this.overflow(this.size + rest.length);
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

  private overflow(bytes: number): void {
    this.close();
    this.onOverflow(bytes);
  }
}
