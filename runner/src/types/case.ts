// The declarative case format (SPEC.md "Case format", DESIGN §2).
// The JSON Schema in runner/src/schemas/case-schema.ts is typed against these
// declarations with ajv's JSONSchemaType, so the two cannot drift.

/** One fixture entry. A plain string is UTF-8 text with mode 0644. */
export type FixtureEntry =
  | string
  | TextFixture
  | PartsFixture
  | Base64Fixture
  | SymlinkFixture
  | DirFixture
  | SizedFixture;

export interface TextFixture {
  text: string;
  /** Octal permission bits as a string, e.g. "0755". */
  mode?: string;
}

/** Concatenation of literal strings and repeats: big inputs without big case files. */
export interface PartsFixture {
  parts: FixturePart[];
  mode?: string;
}

export type FixturePart = string | RepeatPart;

export interface RepeatPart {
  repeat: string;
  times: number;
}

export interface Base64Fixture {
  base64: string;
  mode?: string;
}

/** A symbolic link; its target is data and may point anywhere (escape cases need that). */
export interface SymlinkFixture {
  symlink: string;
}

/** An empty directory. */
export interface DirFixture {
  dir: true;
  mode?: string;
}

/** A sparse file of exactly `size` zero bytes (limit cases). */
export interface SizedFixture {
  size: number;
  mode?: string;
}

export type Operation = "validate" | "dispatch" | "compose" | "load-agent-plugin" | "live";

export interface CaseGiven {
  /** Relative path (inside the fixture root) → entry. */
  files?: Record<string, FixtureEntry>;
  /** Operation arguments, passed to the implementation as `case.args`. */
  args?: Record<string, unknown>;
  /** Path of the source directory inside the fixture root; default ".". */
  source?: string;
}

/** A diagnostic the result must (or must not) contain; fields absent here are not compared. */
export interface DiagnosticPattern {
  code: string;
  path?: string;
  phase?: string;
  severity?: string;
}

export interface DiagnosticsExpectation {
  includes?: DiagnosticPattern[];
  excludes?: DiagnosticPattern[];
  /** Exact number of diagnostics. */
  count?: number;
}

/** What a `validate` case checks; every field is optional and only stated fields are compared. */
export interface ValidateExpectation {
  exit?: number;
  valid?: boolean;
  /** The verdict of the JSON Schema layer alone. */
  structural?: "accept" | "reject";
  diagnostics?: DiagnosticsExpectation;
  /** A subset of report schema 1 that must match (objects: named keys; arrays: exact). */
  report?: Record<string, unknown>;
  /** The fixture tree after the operation (e.g. validation never runs or writes anything). */
  fixture?: FixtureExpectation;
}

/** Checked by the runner on disk after the implementation answered, before cleanup. */
export interface FixtureExpectation {
  /** Paths (relative to the fixture root) that must not exist afterwards. */
  absent?: string[];
  /** Paths that must exist afterwards. */
  present?: string[];
  /** Every entry of the fixture tree is byte-for-byte as materialized (types, modes, contents, links). */
  unchanged?: true;
}

/** A case as written in a file (after a table file's defaults are merged in). */
export interface CaseSpec {
  id: string;
  title: string;
  spec: string[];
  operation: Operation;
  given?: CaseGiven;
  expect: ValidateExpectation;
  /** Free text for readers; ignored by the runner. */
  notes?: string;
  /**
   * For coverage only: whether the case shows a rule accepting or rejecting input, where the
   * expected validity does not say it (e.g. a skill refused with a warning in a valid source).
   */
  polarity?: "accepting" | "rejecting";
}

/** A file holding several cases: top-level keys are defaults for every entry of `cases`. */
export interface CaseTableFile {
  title?: string;
  spec?: string[];
  operation?: Operation;
  given?: CaseGiven;
  expect?: ValidateExpectation;
  notes?: string;
  polarity?: "accepting" | "rejecting";
  cases: Partial<CaseSpec>[];
}

export type CaseFile = CaseSpec | CaseTableFile;

/** A case as the runner holds it after loading. */
export interface LoadedCase extends CaseSpec {
  /** Area: the case id without its last segment ("manifest/structural"). */
  area: string;
  /** sha256 over the normalized case and every file it references. */
  hash: string;
  /** Where it was written: for errors and reports. */
  location: { file: string; line: number };
}

/** cases/EXCLUSIONS.yaml: requirements deliberately without a case. */
export interface Exclusion {
  id: string;
  reason: string;
  /** A test file (relative to the kit root) that checks the requirement instead; it must name the ID. */
  tested_by?: string;
}

export interface ExclusionsFile {
  exclusions: Exclusion[];
}
