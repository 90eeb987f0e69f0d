// The JSON Lines run report: written line by line as the run goes, read back with every
// line checked against the published schema.

import { createWriteStream, openSync, type WriteStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { check, describeErrors } from "../schemas/registry.js";
import type { CaseRecord, ReportFooter, ReportHeader, ReportLine, RunReport } from "../types/run-report.js";

export class JsonlWriter {
  private readonly stream: WriteStream;
  private failure: Error | undefined;
  /**
   * Opens the file at once, so an unwritable report fails before any implementation starts;
   * `onFailure` hears the first write that fails (a full disk), so the run can stop then.
   */
  constructor(
    private readonly file: string,
    onFailure?: (message: string) => void,
  ) {
    let fd: number;
    try {
      fd = openSync(file, "w");
    } catch (err) {
      throw new ReportFormatError(`cannot write ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
    this.stream = createWriteStream(file, { fd, encoding: "utf8" });
    this.stream.on("error", (err: NodeJS.ErrnoException) => {
      if (this.failure) return;
      this.failure = err;
      onFailure?.(`cannot write ${file}: ${err.code ?? err.message}`);
    });
  }
  write(line: ReportLine): void {
    if (this.failure) return; // the run is stopping; what follows could not be written either
    this.stream.write(`${JSON.stringify(line)}\n`);
  }
  close(): Promise<void> {
    return new Promise((resolve, reject) =>
      this.stream.end((err?: Error | null) => {
        const failure = this.failure ?? err;
        if (failure) reject(new ReportFormatError(`cannot write ${this.file}: ${(failure as NodeJS.ErrnoException).code ?? failure.message}`));
        else resolve();
      }),
    );
  }
}

export class ReportFormatError extends Error {}

/** A whole report as JSON Lines (header, cases, footer), for reports written after the run. */
export function reportText(report: RunReport): string {
  return [report.header, ...report.cases, report.footer].map((l) => JSON.stringify(l)).join("\n") + "\n";
}

export function parseReport(text: string, file = "report"): RunReport {
  let header: ReportHeader | undefined;
  let footer: ReportFooter | undefined;
  const cases: CaseRecord[] = [];
  text.split("\n").forEach((raw, i) => {
    if (raw.trim() === "") return;
    const where = `${file}:${i + 1}`;
    let line: unknown;
    try {
      line = JSON.parse(raw);
    } catch {
      throw new ReportFormatError(`${where}: not JSON`);
    }
    const result = check("run-report.schema.json", line);
    if (!result.ok) throw new ReportFormatError(`${where}: ${describeErrors(result.errors)}`);
    const l = line as ReportLine;
    if (l.type === "header") header = l;
    else if (l.type === "footer") footer = l;
    else cases.push(l);
  });
  if (!header) throw new ReportFormatError(`${file}: no header line`);
  if (!footer) throw new ReportFormatError(`${file}: no footer line (was the run interrupted?)`);
  return { header, cases, footer };
}

export async function readReport(file: string): Promise<RunReport> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    throw new ReportFormatError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  return parseReport(text, file);
}
