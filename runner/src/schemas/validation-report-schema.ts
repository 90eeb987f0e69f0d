// JSON Schema of validator report schema 1 (draft 0.1), typed against
// runner/src/types/validation-report.ts. Objects stay open and enums stay open strings:
// consumers must ignore unknown report fields and tolerate unknown enum values.

import type { JSONSchemaType } from "ajv";
import type { ReportDiagnostic, ReportMember, ReportPackage, ReportProvider, ValidationReport } from "../../shared/validation-report.js";

const diagnostic: JSONSchemaType<ReportDiagnostic> = {
  type: "object",
  required: ["code", "phase", "severity", "path", "message"],
  properties: {
    code: { type: "string", minLength: 1 },
    phase: { type: "string" },
    severity: { type: "string" },
    path: { type: "string" },
    message: { type: "string" },
    pointer: { type: "string", nullable: true },
  },
};

const member: JSONSchemaType<ReportMember> = {
  type: "object",
  required: ["plugin", "ref", "requirement", "status", "detail"],
  properties: {
    plugin: { type: "string" },
    ref: { type: "string" },
    requirement: { type: "string" },
    status: { type: "string" },
    detail: { type: "string" },
  },
};

const provider: JSONSchemaType<ReportProvider> = {
  type: "object",
  required: ["provider", "baseline", "scope", "status", "unsupported_hooks"],
  properties: {
    provider: { type: "string" },
    baseline: { type: "string" },
    scope: { type: "string" },
    status: { type: "string" },
    unsupported_hooks: { type: "array", items: { type: "string" } },
  },
};

// ajv types a required `string | null` field as anyOf (nullable is reserved for optional ones).
const nullableString: JSONSchemaType<string | null> = { anyOf: [{ type: "string" }, { type: "null" } as never] };
const anyArray = { type: "array", items: { type: "object", required: [] } } as const;

const pkg: JSONSchemaType<ReportPackage> = {
  type: "object",
  required: [
    "source_id",
    "source_ref",
    "slot_name",
    "id",
    "description",
    "version",
    "path",
    "manifest_file",
    "members",
    "tools",
    "hooks",
    "requires",
    "provider_overlays",
    "package_hash",
  ],
  properties: {
    source_id: { type: "string" },
    source_ref: { type: "string" },
    slot_name: { type: "string" },
    id: nullableString,
    description: nullableString,
    version: nullableString,
    path: { type: "string" },
    manifest_file: { type: "string" },
    members: anyArray,
    tools: anyArray,
    hooks: anyArray,
    requires: anyArray,
    provider_overlays: { type: "array", items: { type: "string" } },
    package_hash: nullableString,
  },
};

export const validationReportSchema: JSONSchemaType<ValidationReport> = {
  $id: "https://papc.dev/schemas/validation-report.schema.json",
  title: "Portable Agent Packages draft 0.1 validator report, schema 1",
  type: "object",
  required: ["schema_version", "profile", "source_path", "valid", "package_contract", "members", "dependencies", "providers", "execution_authorization", "packages", "diagnostics"],
  properties: {
    schema_version: { type: "integer", const: 1 },
    profile: { type: "string" },
    source_path: { type: "string" },
    valid: { type: "boolean" },
    package_contract: {
      type: "object",
      required: ["valid", "diagnostics"],
      properties: { valid: { type: "boolean" }, diagnostics: { type: "array", items: diagnostic } },
    },
    members: { type: "array", items: member },
    dependencies: anyArray,
    providers: { type: "array", items: provider },
    execution_authorization: {
      type: "object",
      required: ["status", "check", "detail"],
      properties: {
        status: { type: "string" },
        check: { type: "string" },
        detail: { type: "string" },
      },
    },
    packages: { type: "array", items: pkg },
    diagnostics: { type: "array", items: diagnostic },
    structural: { type: "string", nullable: true, enum: ["accept", "reject"] },
  },
};
