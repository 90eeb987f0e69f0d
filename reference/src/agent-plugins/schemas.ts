// The JSON-Schema-shaped checks of the loader, as our own schema objects (Agent Plugins 1.0.0
// §5.2-§5.5, §7.2.1 and the com.openai overlay's hooks and apps files), compiled once with
// ajv. Rules a schema cannot say well (the $schema identifier, unknown top-level keys,
// `extensions`, paths, URLs, header syntax) are checked in code by the modules that use these.

import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { pointerFrom } from "../messages/json-pointer.js";
import type { SchemaViolation } from "./messages/json.js";
import { PLUGIN_NAME_MAX, PLUGIN_NAME_PATTERN } from "./names.js";

const text = { type: "string" } as const;
const stringMap = { type: "object", additionalProperties: text } as const;

/** plugin.json fields other than $schema and extensions; unknown keys are allowed here (reported elsewhere). */
const manifestFields = {
  type: "object",
  required: ["name"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: PLUGIN_NAME_MAX, pattern: PLUGIN_NAME_PATTERN },
    version: text,
    description: text,
    author: { type: "object", properties: { name: text, email: text, url: text }, additionalProperties: false },
    homepage: text,
    repository: text,
    license: text,
    keywords: { type: "array", items: text },
  },
} as const;

/** The closed stdio variant of a server entry (§7.2.1). */
const stdioServer = {
  type: "object",
  required: ["type", "command"],
  properties: {
    type: { const: "stdio" },
    command: { type: "string", minLength: 1 },
    args: { type: "array", items: text },
    env: stringMap,
    cwd: text,
  },
  additionalProperties: false,
} as const;

/** The closed streamable-http and sse variants (same fields). */
const remoteServer = {
  type: "object",
  required: ["type", "url"],
  properties: {
    type: { enum: ["streamable-http", "sse"] },
    url: { type: "string", minLength: 1 },
    headers: stringMap,
  },
  additionalProperties: false,
} as const;

/** com.openai hooks file: {"hooks": {"<Event>": [{"matcher"?, "hooks": [{"type": "command", "command"}]}]}}. */
const openaiHooks = {
  type: "object",
  required: ["hooks"],
  properties: {
    hooks: {
      type: "object",
      additionalProperties: {
        type: "array",
        items: {
          type: "object",
          required: ["hooks"],
          properties: {
            matcher: text,
            hooks: {
              type: "array",
              items: {
                type: "object",
                required: ["type", "command"],
                properties: { type: { const: "command" }, command: { type: "string", minLength: 1 } },
              },
            },
          },
        },
      },
    },
  },
} as const;

/** com.openai apps file: {"apps": {"<name>": {…}}}. */
const openaiApps = {
  type: "object",
  required: ["apps"],
  properties: { apps: { type: "object", additionalProperties: { type: "object" } } },
} as const;

const SCHEMAS = { manifestFields, stdioServer, remoteServer, openaiHooks, openaiApps };
export type SchemaName = keyof typeof SCHEMAS;

let ajv: Ajv2020 | undefined;
const compiled = new Map<SchemaName, ValidateFunction>();

function validator(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  // Stryker disable next-line ConditionalExpression: the cache only saves time; ajv compiles the same schema object to the same checks
  if (validate) return validate;
  // allErrors: every violation is reported; strict: a mistake in these schemas fails loudly.
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: strict only checks these schemas when compiled; allErrors only adds findings for an item that is skipped anyway (findings are compared by code, path and severity, KIT-OP-AP-RESULT)
  ajv ??= new Ajv2020({ allErrors: true, strict: true });
  validate = ajv.compile(SCHEMAS[name]);
  compiled.set(name, validate);
  return validate;
}

/** The property an error is about, when it names one (required, additionalProperties). */
function namedProperty(error: ErrorObject): string[] {
  const params = error.params as { missingProperty?: unknown; additionalProperty?: unknown };
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral,ArrayDeclaration: a pointer is wording (findings are compared by code, path and severity, KIT-OP-AP-RESULT)
  if (error.keyword === "required" && typeof params.missingProperty === "string") return [params.missingProperty];
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral,ArrayDeclaration: as above
  if (error.keyword === "additionalProperties" && typeof params.additionalProperty === "string") return [params.additionalProperty];
  // Stryker disable next-line ArrayDeclaration: as above
  return [];
}

function violation(error: ErrorObject, pointer: string): SchemaViolation {
  const params = error.params as { allowedValue?: unknown; allowedValues?: unknown };
  // Stryker disable next-line LogicalOperator: the allowed values only word the message
  return { pointer, keyword: error.keyword, says: error.message, allowed: params.allowedValue ?? params.allowedValues };
}

/**
 * Validates `value` against one of the schemas. One violation per pointer (the first the
 * schema reports there; a pointer is relative to `value`), sorted by pointer so the order never
 * depends on ajv's traversal. Worded in messages/json.ts.
 */
export function schemaViolations(name: SchemaName, value: unknown): SchemaViolation[] {
  const validate = validator(name);
  if (validate(value)) return [];
  const byPointer = new Map<string, SchemaViolation>();
  // Stryker disable next-line ArrayDeclaration: ajv sets errors whenever validation fails
  for (const error of validate.errors ?? []) {
    // the missing or unexpected property's own place, below the object ajv reports
    const pointer = error.instancePath + pointerFrom(namedProperty(error));
    // Stryker disable next-line ConditionalExpression: which violation a pointer keeps only words the finding
    if (!byPointer.has(pointer)) byPointer.set(pointer, violation(error, pointer));
  }
  // Stryker disable next-line MethodExpression,ArrowFunction: only the order of findings would change (not compared, KIT-OP-AP-RESULT)
  const sorted = [...byPointer].sort(([left], [right]) => comparePointers(left, right));
  return sorted.map(([, found]) => found);
}

// Stryker disable BlockStatement,StringLiteral,ConditionalExpression,EqualityOperator,MethodExpression,LogicalOperator,ArithmeticOperator: to the file's end: it only orders findings, whose order is not compared (KIT-OP-AP-RESULT)
/** Orders pointers by their segments (so "/a/b" comes before "/a~1b" and "/ab"). */
export function comparePointers(left: string, right: string): number {
  const a = left.split("/");
  const b = right.split("/");
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const order = Buffer.compare(Buffer.from(a[index] ?? ""), Buffer.from(b[index] ?? ""));
    if (order !== 0) return order;
  }
  return a.length - b.length;
}
