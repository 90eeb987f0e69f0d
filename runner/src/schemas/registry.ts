// One ajv instance holding every papc schema, compiled once per process: the schemas written
// from the types alone (PUBLISHED_SCHEMAS), and those built at run time from the registered
// operations (the case file's: runner/src/cases/case-schemas.ts), added as they are built.

import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { adapterSchema } from "./adapter-schema.js";
import { exclusionsSchema } from "./exclusions-schema.js";
import {
  dispatchArgsSchema,
  dispatchResultSchema,
  erroredReplySchema,
  helloReplySchema,
  helloRequestSchema,
  agentPluginLoadResultSchema,
  composeArgsSchema,
  composeResultSchema,
  lifecycleArgsSchema,
  lifecycleResultSchema,
  liveArgsSchema,
  liveResultSchema,
  projectArgsSchema,
  projectResultSchema,
  resultReplySchema,
  runRequestSchema,
  skippedReplySchema,
  stopRequestSchema,
  validateCliArgsSchema,
  validateCliResultSchema,
  validateResultSchema,
} from "./protocol-schemas.js";
import { caseRecordSchema, reportFooterSchema, reportHeaderSchema, reportLineSchema } from "./run-report-schema.js";
import { validationReportSchema } from "./validation-report-schema.js";
import { pinsSchema, recordingSchema } from "./recording-schema.js";
import { scenarioSchema } from "./scenario-schema.js";

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/**
 * Every schema written from the types alone, with the file name it is published under
 * (runner/schemas/). The case file's two are built from the operations (case-schema.ts).
 */
export const PUBLISHED_SCHEMAS = {
  "exclusions.schema.json": exclusionsSchema,
  "adapter.schema.json": adapterSchema,
  "validation-report.schema.json": validationReportSchema,
  "run-report.schema.json": reportLineSchema,
  "run-report/header.schema.json": reportHeaderSchema,
  "run-report/case.schema.json": caseRecordSchema,
  "run-report/footer.schema.json": reportFooterSchema,
  "protocol/hello-request.schema.json": helloRequestSchema,
  "protocol/hello-reply.schema.json": helloReplySchema,
  "protocol/run-request.schema.json": runRequestSchema,
  "protocol/stop-request.schema.json": stopRequestSchema,
  "protocol/result-reply.schema.json": resultReplySchema,
  "protocol/skipped-reply.schema.json": skippedReplySchema,
  "protocol/errored-reply.schema.json": erroredReplySchema,
  "protocol/validate-result.schema.json": validateResultSchema,
  "protocol/validate-cli-args.schema.json": validateCliArgsSchema,
  "protocol/validate-cli-result.schema.json": validateCliResultSchema,
  "protocol/dispatch-args.schema.json": dispatchArgsSchema,
  "protocol/dispatch-result.schema.json": dispatchResultSchema,
  "protocol/live-args.schema.json": liveArgsSchema,
  "protocol/live-result.schema.json": liveResultSchema,
  "protocol/project-args.schema.json": projectArgsSchema,
  "protocol/project-result.schema.json": projectResultSchema,
  "protocol/load-agent-plugin-result.schema.json": agentPluginLoadResultSchema,
  "protocol/compose-args.schema.json": composeArgsSchema,
  "protocol/compose-result.schema.json": composeResultSchema,
  "protocol/lifecycle-args.schema.json": lifecycleArgsSchema,
  "protocol/lifecycle-result.schema.json": lifecycleResultSchema,
  "recording.schema.json": recordingSchema,
  "recording-pins.schema.json": pinsSchema,
  "scenario.schema.json": scenarioSchema,
} as const;

export type SchemaName = keyof typeof PUBLISHED_SCHEMAS;

let ajv: Ajv2020 | undefined;
const compiled = new Map<SchemaName, ValidateFunction>();

function instance(): Ajv2020 {
  if (!ajv) {
    // strictRequired is off: adapter.schema.json requires mode-specific keys inside oneOf branches.
    // validateSchema is off: checking every schema against the meta-schema took ~100 ms of each
    // papc start; runner/test/schemas.test.ts checks them all against it instead.
    ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, validateSchema: false });
    addFormats(ajv);
    for (const schema of Object.values(PUBLISHED_SCHEMAS)) ajv.addSchema(schema as object);
  }
  return ajv;
}

export function validator(name: SchemaName): ValidateFunction {
  let fn = compiled.get(name);
  if (!fn) {
    const id = (PUBLISHED_SCHEMAS[name] as { $id: string }).$id;
    fn = instance().getSchema(id);
    if (!fn) throw new Error(`schema ${name} is not registered`);
    compiled.set(name, fn);
  }
  return fn;
}

export interface SchemaCheck {
  ok: boolean;
  errors: ErrorObject[];
}

export function check(name: SchemaName, value: unknown): SchemaCheck {
  return checkWith(validator(name), value);
}

function checkWith(fn: ValidateFunction, value: unknown): SchemaCheck {
  const ok = fn(value) as boolean;
  return { ok, errors: ok ? [] : collapseAlternatives(fn.errors ?? []) };
}

/** A schema built at run time, registered under its `$id`. */
export interface BuiltSchema {
  readonly $id: string;
}

const compiledBuilt = new WeakMap<BuiltSchema, ValidateFunction>();

/**
 * Adds schemas built at run time beside the published ones, replacing those of the same `$id`
 * added before (the case schemas again, once the registered operations changed). Added together,
 * they may refer to each other.
 */
export function addBuiltSchemas(schemas: readonly BuiltSchema[]): void {
  const ajv = instance();
  for (const schema of schemas) ajv.removeSchema(schema.$id);
  for (const schema of schemas) ajv.addSchema(schema as object);
}

/** `check` against a schema added with addBuiltSchemas, compiled on first use. */
export function checkBuilt(schema: BuiltSchema, value: unknown): SchemaCheck {
  let fn = compiledBuilt.get(schema);
  if (!fn) {
    fn = instance().getSchema(schema.$id);
    if (fn?.schema !== schema) throw new Error(`schema ${schema.$id} was not added as it is (addBuiltSchemas)`);
    compiledBuilt.set(schema, fn);
  }
  return checkWith(fn, value);
}

/**
 * When a value matches none of an anyOf/oneOf's branches, ajv reports every branch's
 * complaint; people need one line, so only the anyOf/oneOf error itself is kept: every other
 * error at or below its place in the instance goes (ajv's schema paths cannot tell, since
 * branches reached through a `$ref` report paths of their own), and of nested alternatives
 * only the innermost stays. At the document root (adapter.yaml's mode oneOf) only the branch
 * errors go. An `if` error repeats its `then` errors and goes too.
 */
function collapseAlternatives(errors: readonly ErrorObject[]): ErrorObject[] {
  const isAlternative = (e: ErrorObject): boolean => e.keyword === "anyOf" || e.keyword === "oneOf";
  const alternatives = errors.filter(isAlternative);
  const below = (e: ErrorObject, a: ErrorObject): boolean => e.instancePath.startsWith(`${a.instancePath}/`);
  return errors.filter((e) => {
    if (e.keyword === "if") return false;
    if (isAlternative(e)) return !alternatives.some((a) => below(a, e));
    return !alternatives.some((a) => e.schemaPath.startsWith(`${a.schemaPath}/`) || (a.instancePath !== "" && (e.instancePath === a.instancePath || below(e, a))));
  });
}

/** One line per error: "<instancePath> <message>", for messages people read. */
export function describeErrors(errors: ErrorObject[]): string {
  return errors
    .map((e) => {
      const extra =
        e.keyword === "additionalProperties"
          ? ` "${String((e.params as { additionalProperty: string }).additionalProperty)}"`
          : e.keyword === "anyOf" || e.keyword === "oneOf"
            ? " (it has none of the allowed forms)"
            : e.keyword === "enum"
              ? ` (${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(", ")})`
              : "";
      return `${e.instancePath || "/"} ${e.message ?? e.keyword}${extra}`;
    })
    .join("; ");
}
