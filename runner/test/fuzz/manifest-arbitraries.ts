// Generators for the validator properties: valid seed manifests (the worked example and every
// structurally valid PLUGIN.toml the case files carry) perturbed one field at a time, and
// arbitrary TOML text (raw strings, bytes, schema-flavoured TOML fragments, edited seed texts).

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { stringify } from "smol-toml";
import { parse as parseYaml } from "yaml";
import { KIT_ROOT } from "../helpers.js";
import { decodeIndependently, plainAjv, PLUGIN_SCHEMA_FILE } from "./structural-oracle.js";

/** A decoded manifest as fast-check edits it (tables are null-prototype objects). */
export type Model = string | number | boolean | Date | Model[] | Table;
export interface Table {
  [key: string]: Model;
}

export interface Seed {
  /** Where it comes from: "worked-example" or a case id. */
  from: string;
  /** The package directory name it is written under (its plugin.name). */
  slot: string;
  text: string;
  manifest: Table;
}

export const WORKED_EXAMPLE = join(KIT_ROOT, "reference/examples/worked-example");
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The worked example and the case files' manifests that plain ajv accepts, deduplicated.
 * The case files are read as plain YAML (any `…PLUGIN.toml: <text>` entry anywhere in them),
 * not through the case loader: faster, and a case being edited elsewhere cannot break this.
 */
export function loadSeeds(): Seed[] {
  const texts: { from: string; text: string }[] = [{ from: "worked-example", text: readFileSync(join(WORKED_EXAMPLE, "plugins/design-review/PLUGIN.toml"), "utf8") }];
  const casesDir = join(KIT_ROOT, "cases");
  const files = readdirSync(casesDir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.ya?ml$/.test(f))
    .sort();
  for (const file of files) {
    let doc: unknown;
    try {
      doc = parseYaml(readFileSync(join(casesDir, file), "utf8"));
    } catch {
      continue;
    }
    const from = relative(KIT_ROOT, join(casesDir, file));
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!isTable(node)) return;
      for (const [key, value] of Object.entries(node)) {
        if (key.endsWith("PLUGIN.toml")) {
          const text = typeof value === "string" ? value : isTable(value) && typeof value.text === "string" ? value.text : undefined;
          if (text !== undefined) texts.push({ from, text });
        } else walk(value);
      }
    };
    walk(doc);
  }
  const seen = new Set<string>();
  const seeds: Seed[] = [];
  for (const { from, text } of texts) {
    if (seen.has(text)) continue;
    seen.add(text);
    const decoded = decodeIndependently(Buffer.from(text, "utf8"));
    if (!decoded.ok || !plainAjv()(decoded.value)) continue;
    const manifest = toModel(decoded.value) as Table;
    const name = (manifest.plugin as Table | undefined)?.name;
    seeds.push({ from, text, manifest, slot: typeof name === "string" && NAME.test(name) ? name : "demo" });
  }
  return seeds;
}

function toModel(value: unknown): Model {
  if (Array.isArray(value)) return value.map(toModel);
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    const out = Object.create(null) as Table;
    for (const [k, v] of Object.entries(value)) out[k] = toModel(v);
    return out;
  }
  return value as Model;
}

function clone(value: Model): Model {
  return toModel(value);
}

const isTable = (v: unknown): v is Table => v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date);

// ---- vocabulary from the published schema -------------------------------------------------

interface Vocabulary {
  keys: string[];
  strings: string[];
}

function schemaVocabulary(): Vocabulary {
  const keys = new Set<string>();
  const strings = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isTable(node)) return;
    const n = node as Record<string, unknown>;
    if (isTable(n.properties)) for (const k of Object.keys(n.properties)) keys.add(k);
    if (Array.isArray(n.enum)) for (const v of n.enum) if (typeof v === "string") strings.add(v);
    if (typeof n.const === "string") strings.add(n.const);
    for (const v of Object.values(n)) walk(v);
  };
  walk(JSON.parse(readFileSync(PLUGIN_SCHEMA_FILE, "utf8")));
  return { keys: [...keys].sort(), strings: [...strings].sort() };
}

export const VOCABULARY = schemaVocabulary();

// ---- odd values ---------------------------------------------------------------------------

const EDGE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  2,
  0.5,
  -0.5,
  99,
  100,
  127,
  128,
  129,
  255,
  256,
  257,
  511,
  512,
  513,
  1023,
  1024,
  1025,
  119_999,
  120_000,
  120_001,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53 - 1,
  2 ** 53,
  -(2 ** 63),
  2 ** 63,
  1e308,
  -1e308,
  5e-324,
  NaN,
  Infinity,
  -Infinity,
];

const EDGE_STRINGS = [
  "",
  " ",
  "\t",
  "\n",
  "\r\n",
  "\0",
  "a\0b",
  "\u0001",
  "\u007f",
  "\ufeff",
  "\u2028",
  "\ud800",
  "\udfff",
  "😀",
  "é",
  "e\u0301",
  "\u202e",
  "A",
  "UPPER",
  "a-",
  "-a",
  "a--b",
  "a..b",
  "a.b",
  "a_b",
  "skill:",
  "skill:x",
  "agent:x",
  "instruction:x",
  "plugin:",
  "plugin:x",
  "plugin:x:y",
  "${input.x}",
  "${",
  "${input.}",
  "tool_root",
  "../x",
  "/abs",
  "C:\\x",
  "x".repeat(128),
  "x".repeat(129),
  "x".repeat(512),
  "x".repeat(513),
  "'",
  '"',
  '"""',
  "'''",
  "\\",
  "\\u0000",
  "#",
  "[x]",
];

/** A string of about `bytes` UTF-8 bytes made of `unit`: exercises the 16 KiB string bound. */
const boundaryString = fc
  .record({ unit: fc.constantFrom("a", "é", "€", "😀", "\0"), bytes: fc.constantFrom(16_383, 16_384, 16_385, 20_000) })
  .map(({ unit, bytes }) => unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit))));

export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...VOCABULARY.strings, ...VOCABULARY.keys) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom("\0", "\u0001", "\n", "\t", "\\", '"', "'", "a", "-", ":", "😀"), maxLength: 20 }) },
  { weight: 1, arbitrary: boundaryString },
);

export const oddKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...VOCABULARY.keys) },
  { weight: 2, arbitrary: fc.constantFrom("", "__proto__", "constructor", "toString", "hasOwnProperty", "a.b", "a b", "\0", "é", "KEY", "Name", "name ", "1") },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom("k".repeat(16_384), "k".repeat(16_385)) },
);

const oddNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.maxSafeInteger() },
  { weight: 1, arbitrary: fc.double() },
);

const scalar: fc.Arbitrary<Model> = fc.oneof(
  { weight: 4, arbitrary: oddString },
  { weight: 3, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true, min: new Date(Date.UTC(0, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)) }) },
);

function table(entries: [string, Model][]): Table {
  const out = Object.create(null) as Table;
  for (const [k, v] of entries) out[k] = v;
  return out;
}

const smallContainer: fc.Arbitrary<Model> = fc.oneof(
  fc.constant([] as Model[]),
  fc.constant(table([])),
  fc.array(scalar, { maxLength: 4 }),
  fc.array(fc.tuple(oddKey, scalar), { maxLength: 3 }).map(table),
  fc.array(fc.array(fc.tuple(oddKey, scalar), { maxLength: 2 }).map(table), { minLength: 1, maxLength: 3 }),
);

export const oddValue: fc.Arbitrary<Model> = fc.oneof({ weight: 4, arbitrary: scalar }, { weight: 1, arbitrary: smallContainer });

// ---- perturbation: one field at a time ----------------------------------------------------

export type Mutation =
  | { op: "delete" }
  | { op: "replace"; value: Model }
  | { op: "add-key"; key: string; value: Model }
  | { op: "rename-key"; key: string }
  | { op: "resize-array"; length: number }
  | { op: "nest"; innermostLevel: number; kind: "array" | "table" };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ op: "delete" } as const) },
  { weight: 6, arbitrary: oddValue.map((value) => ({ op: "replace", value }) as const) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("add-key" as const), key: oddKey, value: oddValue }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("rename-key" as const), key: oddKey }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("resize-array" as const), length: fc.constantFrom(0, 1, 2, 255, 256, 257, 1024, 1025) }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant("nest" as const), innermostLevel: fc.integer({ min: 30, max: 34 }), kind: fc.constantFrom("array" as const, "table" as const) }),
  },
);

type Path = (string | number)[];

/** Every node of the manifest with its path (the root is []). */
function nodes(value: Model, path: Path = [], out: { path: Path; value: Model }[] = []): { path: Path; value: Model }[] {
  out.push({ path, value });
  if (Array.isArray(value)) for (const [i, v] of value.entries()) nodes(v, [...path, i], out);
  else if (isTable(value)) for (const [k, v] of Object.entries(value)) nodes(v, [...path, k], out);
  return out;
}

/** The nodes a mutation applies to. */
function targets(root: Table, m: Mutation): Path[] {
  const all = nodes(root);
  switch (m.op) {
    case "delete":
    case "replace":
    case "nest":
      return all.filter((n) => n.path.length > 0).map((n) => n.path);
    case "add-key":
      return all.filter((n) => isTable(n.value)).map((n) => n.path);
    case "rename-key":
      return all.filter((n) => typeof n.path[n.path.length - 1] === "string").map((n) => n.path);
    case "resize-array":
      return all.filter((n) => Array.isArray(n.value)).map((n) => n.path);
  }
}

function nested(levels: number, kind: "array" | "table"): Model {
  let v: Model = kind === "array" ? [] : table([]);
  for (let i = 1; i < levels; i++) v = kind === "array" ? [v] : table([["n", v]]);
  return v;
}

export interface Perturbed {
  seed: Seed;
  path: Path;
  mutation: Mutation;
  manifest: Table;
}

/** Applies `m` to a copy of the seed at the `pick`-th node it applies to (none: the seed unchanged). */
export function perturb(seed: Seed, pick: number, m: Mutation): Perturbed {
  const manifest = clone(seed.manifest) as Table;
  const options = targets(manifest, m);
  if (options.length === 0) return { seed, path: [], mutation: m, manifest };
  const path = options[pick % options.length]!;
  if (m.op === "add-key" || m.op === "resize-array") {
    const node = path.reduce<Model>((v, k) => (v as Table)[k as string]!, manifest);
    if (m.op === "add-key") (node as Table)[m.key] = m.value;
    else {
      const list = node as Model[];
      const filler = list.length > 0 ? list : ["x"];
      const grown = Array.from({ length: m.length }, (_, i) => clone(filler[i % filler.length]!));
      list.splice(0, list.length, ...grown);
    }
    return { seed, path, mutation: m, manifest };
  }
  const parent = path.slice(0, -1).reduce<Model>((v, k) => (v as Table)[k as string]!, manifest) as Table | Model[];
  const key = path[path.length - 1]!;
  if (Array.isArray(parent)) {
    const i = key as number;
    if (m.op === "delete") parent.splice(i, 1);
    else if (m.op === "replace") parent[i] = m.value;
    else if (m.op === "nest") parent[i] = nested(Math.max(1, m.innermostLevel - path.length + 1), m.kind);
  } else {
    const k = key as string;
    if (m.op === "delete") delete parent[k];
    else if (m.op === "replace") parent[k] = m.value;
    else if (m.op === "nest") parent[k] = nested(Math.max(1, m.innermostLevel - path.length + 1), m.kind);
    else if (m.op === "rename-key") {
      const value = parent[k]!;
      delete parent[k];
      parent[m.key] = value;
    }
  }
  return { seed, path, mutation: m, manifest };
}

/** TOML text of a perturbed manifest, or undefined when smol-toml cannot write it. */
export function toToml(manifest: Table): string | undefined {
  try {
    return stringify(manifest);
  } catch {
    return undefined;
  }
}

// ---- arbitrary TOML text -------------------------------------------------------------------

const TOMLISH = [..."=[]{}\"'#\n.,:-_+ 0123456789abcdefnxyzTZ\\\t\r", "\0", "é", "😀", "\u2028", "\ufeff", '"""', "'''", "\\u", "\\U"];
const tomlishString = fc.string({ unit: fc.constantFrom(...TOMLISH), maxLength: 120 });

const bareKey = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...VOCABULARY.keys) }, { weight: 1, arbitrary: fc.constantFrom("a", "A", "1", "-", "_", "a-b", "ÿ") });
const quotedKey = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 8 }).map((s) => JSON.stringify(s)),
  fc.string({ unit: fc.constantFrom("a", " ", ".", "é"), maxLength: 6 }).map((s) => `'${s}'`),
);
const tomlKey = fc.array(fc.oneof({ weight: 4, arbitrary: bareKey }, { weight: 1, arbitrary: quotedKey }), { minLength: 1, maxLength: 3 }).map((parts) => parts.join("."));

const ESCAPES = ["\\n", "\\t", '\\"', "\\\\", "\\u0000", "\\u00e9", "\\U0001F600", "\\x41", "\\uD800", "\\e", "\\u12", "a", "b", " ", "😀", "\\", "\0"];
const basicString = fc.array(fc.constantFrom(...ESCAPES), { maxLength: 6 }).map((parts) => `"${parts.join("")}"`);
const tomlString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...VOCABULARY.strings).map((s) => JSON.stringify(s)) },
  { weight: 2, arbitrary: basicString },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 10 }).map((s) => `'${s}'`) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...ESCAPES, "\n", "\r\n"), { maxLength: 6 }).map((p) => `"""${p.join("")}"""`) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom("a", "\n", "'", "é"), maxLength: 8 }).map((s) => `'''${s}'''`) },
);
const INTEGERS = [
  "0",
  "1",
  "+1",
  "-0",
  "-1",
  "1_000",
  "0x1F",
  "0xdead_BEEF",
  "0o17",
  "0b101",
  "100",
  "120000",
  "120001",
  "9223372036854775807",
  "9223372036854775808",
  "-9223372036854775808",
  "-9223372036854775809",
  "01",
  "1__0",
  "_1",
  "0x",
  "1_",
];
const FLOATS = ["1.0", "1e3", "-0.0", "+0.0", "inf", "-inf", "+inf", "nan", "-nan", "1.", ".5", "6.02e23", "1e400", "1e-400", "3.14_15", "1e", "1.5E+2"];
const DATES = [
  "1979-05-27T07:32:00Z",
  "1979-05-27 07:32:00-07:00",
  "1979-05-27T00:32:00.999999+01:00",
  "1979-05-27",
  "07:32:00",
  "07:32",
  "1979-05-27T07:32:00",
  "1979-13-45",
  "2024-02-30",
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:59:59.999999999Z",
  "1979-05-27T25:00:00Z",
];

export const tomlValue: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 4, arbitrary: tomlString },
    { weight: 2, arbitrary: fc.constantFrom(...INTEGERS) },
    { weight: 1, arbitrary: fc.constantFrom(...FLOATS) },
    { weight: 1, arbitrary: fc.constantFrom("true", "false", "True", "yes") },
    { weight: 1, arbitrary: fc.constantFrom(...DATES) },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 4 }).map((vs) => `[${vs.join(", ")}]`) },
    { weight: 1, arbitrary: fc.array(fc.tuple(tomlKey, tie("value")), { maxLength: 3 }).map((kv) => `{ ${kv.map(([k, v]) => `${k} = ${v}`).join(", ")} }`) },
  ),
})).value;

const tomlLine: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(tomlKey, tomlValue).map(([k, v]) => `${k} = ${v}`) },
  { weight: 2, arbitrary: tomlKey.map((k) => `[${k}]`) },
  { weight: 2, arbitrary: tomlKey.map((k) => `[[${k}]]`) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }).map((s) => `# ${s}`) },
  { weight: 1, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: tomlishString },
);

const HEADER = 'schema_version = 1\n[plugin]\nname = "demo"\ndescription = "Fuzz"\n';
const PREFIXES = [
  "",
  "schema_version = 1\n",
  HEADER,
  `${HEADER}[[tool]]\n`,
  `${HEADER}[[hook]]\n`,
  `${HEADER}[providers]\n`,
  `${HEADER}\n[[tool]]\nschema_version = 1\nid = "t"\nentry = "run.sh"\nruntime = "node"\nargv = []\ncwd = "tool_root"\navailability = "required"\n`,
];

/** TOML-shaped documents made of schema keys and values, mostly after a valid header. */
export const tomlDocument: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...PREFIXES), fc.array(tomlLine, { maxLength: 12 }), fc.constantFrom("\n", "\r\n"))
  .map(([prefix, lines, eol]) => prefix + lines.join(eol) + eol);

/** Edits (delete/insert at an offset) of a seed manifest's own text. */
export function editedSeedText(seedTexts: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.nat(),
      fc.array(fc.record({ at: fc.nat(), remove: fc.nat({ max: 4 }), insert: fc.oneof(fc.constantFrom(...TOMLISH), fc.string({ unit: "grapheme", maxLength: 3 })) }), {
        minLength: 1,
        maxLength: 4,
      }),
    )
    .map(([which, edits]) => {
      let text = seedTexts[which % seedTexts.length]!;
      for (const e of edits) {
        const at = e.at % (text.length + 1);
        text = text.slice(0, at) + e.insert + text.slice(at + e.remove);
      }
      return text;
    });
}

/** Documents at and around the decoding bounds of SPEC.md 2.8, inside or outside `providers`. */
export const boundsDocument: fc.Arbitrary<string> = fc.oneof(
  // nested inline arrays or tables: the innermost container at level `level`
  fc
    .record({
      level: fc.oneof(fc.integer({ min: 30, max: 35 }), fc.constantFrom(64, 65, 66, 1000, 1001, 5000)),
      table: fc.boolean(),
      inProviders: fc.boolean(),
      scalar: fc.boolean(),
    })
    .map(({ level, table, inProviders, scalar }) => {
      const depth = level - (inProviders ? 2 : 1) + 1; // providers is level 1, its key's value level 2
      const open = table ? "{ a = " : "[";
      const close = table ? " }" : "]";
      const inner = scalar ? (table ? "{ a = 1 }" : "[1]") : table ? "{}" : "[]";
      const value = depth <= 1 ? inner : open.repeat(depth - 1) + inner + close.repeat(depth - 1);
      return inProviders ? `${HEADER}\n[providers]\ndeep = ${value}\n` : `deep = ${value}\n${HEADER}`;
    }),
  // nested header tables: [providers.a.a.….a]
  fc.integer({ min: 30, max: 40 }).map((level) => `${HEADER}\n[providers${".a".repeat(level - 1)}]\n`),
  // arrays of 1024 / 1025 entries
  fc.record({ entries: fc.constantFrom(1023, 1024, 1025, 2000), where: fc.constantFrom("providers", "argv") }).map(({ entries, where }) => {
    const list = `[${Array.from({ length: entries }, (_, i) => `"${i}"`).join(", ")}]`;
    return where === "providers" ? `${HEADER}\n[providers]\nlist = ${list}\n` : `${PREFIXES[PREFIXES.length - 1]!.replace("argv = []", `argv = ${list}`)}`;
  }),
  // strings and keys of 16383..16385 UTF-8 bytes
  fc.record({ bytes: fc.constantFrom(16_383, 16_384, 16_385), unit: fc.constantFrom("a", "é", "😀"), key: fc.boolean() }).map(({ bytes, unit, key }) => {
    const text = unit.repeat(Math.floor(bytes / Buffer.byteLength(unit))) + "b".repeat(bytes % Buffer.byteLength(unit));
    return key ? `${HEADER}\n[providers]\n"${text}" = 1\n` : `${HEADER.replace('"Fuzz"', JSON.stringify(text))}`;
  }),
  // whole manifests of 1 MiB - 1 .. 1 MiB + 1 bytes (comment padding)
  fc.constantFrom(-1, 0, 1).map((delta) => {
    const target = 1_048_576 + delta;
    const pad = target - Buffer.byteLength(HEADER) - 2;
    return `${HEADER}#${"p".repeat(pad)}\n`;
  }),
);

/** Arbitrary manifest bytes: raw and TOML-flavoured text, edited seeds, invalid UTF-8, BOMs, UTF-16. */
export function manifestBytes(seedTexts: readonly string[]): fc.Arbitrary<Uint8Array> {
  const utf8 = (s: string): Uint8Array => Buffer.from(s, "utf8");
  return fc.oneof(
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 200 }).map(utf8) },
    { weight: 2, arbitrary: tomlishString.map(utf8) },
    { weight: 6, arbitrary: tomlDocument.map(utf8) },
    { weight: 4, arbitrary: editedSeedText(seedTexts).map(utf8) },
    { weight: 2, arbitrary: boundsDocument.map(utf8) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom("bom", "utf16le", "utf16be-bom", "nul-tail", "latin1"), fc.nat()).map(([how, i]) => {
        const text = seedTexts[i % seedTexts.length]!;
        if (how === "bom") return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(text)]);
        if (how === "utf16le") return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
        if (how === "utf16be-bom") return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, "utf16le").swap16()]);
        if (how === "nul-tail") return Buffer.concat([utf8(text), Buffer.alloc(3)]);
        return Buffer.from(`${text}# caf\u00e9\n`, "latin1");
      }),
    },
  );
}
