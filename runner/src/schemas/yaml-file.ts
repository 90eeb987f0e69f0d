// Reads a YAML file and checks it against a published schema; every problem names file:line.

import { readFile } from "node:fs/promises";
import { LineCounter, parseDocument } from "yaml";
import { errorPath, lineOf, type YamlPath } from "../common/yaml-locate.js";
import { check, describeErrors, type SchemaName } from "./registry.js";

export class YamlFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    message: string,
  ) {
    super(`${file}:${line}: ${message}`);
  }
}

export interface YamlData<T> {
  data: T;
  /** The line a path inside the document was written on (for findings after the schema check). */
  lineAt(path: YamlPath): number;
}

/** The parsed document, or a YamlFileError at the first problem (syntax or schema). */
export async function readYamlFile<T>(file: string, schema: SchemaName, label = file): Promise<YamlData<T>> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    throw new YamlFileError(label, 1, `cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  return parseYaml<T>(text, schema, label);
}

export function parseYaml<T>(text: string, schema: SchemaName, label: string): YamlData<T> {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: true, uniqueKeys: true });
  const syntax = doc.errors[0];
  if (syntax) throw new YamlFileError(label, syntax.linePos?.[0]?.line ?? 1, syntax.message.split("\n")[0] ?? syntax.message);
  const data = doc.toJS() as unknown;
  const result = check(schema, data);
  const first = result.errors[0];
  if (first) throw new YamlFileError(label, lineOf(doc, counter, errorPath(first)), describeErrors([first]));
  return { data: data as T, lineAt: (path) => lineOf(doc, counter, path) };
}
