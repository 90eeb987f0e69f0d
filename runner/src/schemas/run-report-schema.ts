// JSON Schema of the papc run report (JSON Lines, report schema 1), typed against
// runner/src/types/run-report.ts. Each line validates against exactly one of the three.

import type { JSONSchemaType } from "ajv";
import {
  OUTCOMES,
  type CaseInput,
  type CaseRecord,
  type FixtureSummaryEntry,
  type DiffLine,
  type LeftoverRecord,
  type LiveCell,
  type LiveCells,
  type Outcome,
  type ReportFooter,
  type ReportHeader,
  type Tally,
} from "../types/run-report.js";
import { helloReplySchema } from "./protocol-schemas.js";

const BASE = "https://papc.dev/schemas/run-report/";

const outcome: JSONSchemaType<Outcome> = { type: "string", enum: [...OUTCOMES] };

const tally: JSONSchemaType<Tally> = {
  type: "object",
  additionalProperties: false,
  required: [],
  properties: Object.fromEntries(OUTCOMES.map((o) => [o, { type: "integer", minimum: 0, nullable: true }])) as JSONSchemaType<Tally>["properties"],
};

const leftoverProperties: JSONSchemaType<LeftoverRecord> = {
  type: "object",
  additionalProperties: false,
  required: ["pid", "command"],
  properties: {
    pid: { type: "integer", minimum: 1 },
    command: { type: "string" },
    case: { type: "string", nullable: true },
  },
};

const reapedProcess: JSONSchemaType<LeftoverRecord & { run: string }> = {
  type: "object",
  additionalProperties: false,
  required: ["pid", "command", "run"],
  properties: {
    pid: { type: "integer", minimum: 1 },
    command: { type: "string" },
    case: { type: "string", nullable: true },
    run: { type: "string" },
  },
};

const diffLine: JSONSchemaType<DiffLine> = {
  type: "object",
  additionalProperties: false,
  required: ["type", "path"],
  properties: {
    type: { type: "string" },
    path: { type: "string" },
    expected: { type: "string", nullable: true },
    actual: { type: "string", nullable: true },
  },
};

const { $id: _helloId, ...helloReply } = helloReplySchema;

const liveCell: JSONSchemaType<LiveCell> = {
  type: "object",
  additionalProperties: false,
  required: ["kind", "row", "event"],
  properties: {
    kind: { type: "string", enum: ["effect", "failure", "refused", "omitted", "untrusted"] },
    row: { type: "string", minLength: 1 },
    event: { type: "string", minLength: 1 },
  },
};

const liveCells: JSONSchemaType<LiveCells> = {
  type: "object",
  additionalProperties: false,
  required: ["provider", "cells"],
  properties: { provider: { type: "string" }, cells: { type: "array", items: liveCell } },
};

export const reportHeaderSchema: JSONSchemaType<ReportHeader> = {
  $id: `${BASE}header.schema.json`,
  type: "object",
  additionalProperties: false,
  required: ["type", "report_schema", "kit", "suite", "adapter", "implementation", "environment", "started_at"],
  properties: {
    type: { type: "string", const: "header" },
    report_schema: { type: "integer", const: 1 },
    kit: {
      type: "object",
      additionalProperties: false,
      required: ["name", "version"],
      properties: { name: { type: "string" }, version: { type: "string" } },
    },
    suite: {
      type: "object",
      additionalProperties: false,
      required: ["hash", "cases"],
      properties: {
        hash: { type: "string", pattern: "^[0-9a-f]{64}$" },
        cases: { type: "integer", minimum: 0 },
        filter: { type: "string", nullable: true },
        shard: {
          type: "object",
          nullable: true,
          additionalProperties: false,
          required: ["index", "count", "of"],
          properties: {
            index: { type: "integer", minimum: 1 },
            count: { type: "integer", minimum: 1 },
            of: {
              type: "object",
              additionalProperties: false,
              required: ["hash", "cases"],
              properties: { hash: { type: "string", pattern: "^[0-9a-f]{64}$" }, cases: { type: "integer", minimum: 0 } },
            },
          },
        },
      },
    },
    adapter: {
      type: "object",
      additionalProperties: false,
      required: ["name", "mode", "command"],
      properties: {
        name: { type: "string" },
        mode: { type: "string", enum: ["persistent", "exec"] },
        command: { type: "array", items: { type: "string" } },
      },
    },
    implementation: { ...helloReply, nullable: true } as never,
    environment: {
      type: "object",
      additionalProperties: false,
      required: ["node", "platform", "arch", "cpus"],
      properties: {
        node: { type: "string" },
        platform: { type: "string" },
        arch: { type: "string" },
        cpus: { type: "integer" },
      },
    },
    harnesses: {
      type: "array",
      nullable: true,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["provider", "package", "version", "version_output", "pinned"],
        properties: {
          provider: { type: "string" },
          package: { type: "string" },
          version: { type: "string" },
          version_output: { type: "string" },
          pinned: { type: "boolean" },
        },
      },
    },
    containment: {
      type: "object",
      nullable: true,
      additionalProperties: false,
      required: ["mechanism"],
      properties: {
        mechanism: { type: "string", enum: ["cgroup", "marker"] },
        why: { type: "string", nullable: true },
        memory_limit: { type: "integer", minimum: 1, nullable: true },
        reaped: {
          type: "object",
          nullable: true,
          additionalProperties: false,
          required: ["processes", "folders"],
          properties: {
            processes: { type: "array", items: reapedProcess },
            folders: { type: "array", items: { type: "string" } },
          },
        },
      },
    },
    started_at: { type: "string", format: "date-time" },
  },
};

const fixtureSummaryEntry: JSONSchemaType<FixtureSummaryEntry> = {
  type: "object",
  additionalProperties: false,
  required: ["path", "kind"],
  properties: {
    path: { type: "string" },
    kind: { type: "string", enum: ["file", "dir", "symlink", "fifo"] },
    bytes: { type: "integer", minimum: 0, nullable: true },
    text: { type: "string", nullable: true },
    truncated: { type: "boolean", nullable: true },
    made: { type: "string", nullable: true },
    target: { type: "string", nullable: true },
    mode: { type: "string", nullable: true },
  },
};

const caseInput: JSONSchemaType<CaseInput> = {
  type: "object",
  additionalProperties: false,
  required: ["title", "file", "line", "fixture"],
  properties: {
    title: { type: "string" },
    file: { type: "string" },
    line: { type: "integer", minimum: 1 },
    fixture: { type: "array", items: fixtureSummaryEntry },
    more_entries: { type: "integer", minimum: 1, nullable: true },
  },
};

export const caseRecordSchema: JSONSchemaType<CaseRecord> = {
  $id: `${BASE}case.schema.json`,
  type: "object",
  additionalProperties: false,
  required: ["type", "id", "hash", "area", "spec", "outcome", "duration_ms"],
  properties: {
    type: { type: "string", const: "case" },
    id: { type: "string" },
    hash: { type: "string", pattern: "^[0-9a-f]{64}$" },
    area: { type: "string" },
    spec: { type: "array", items: { type: "string" } },
    outcome,
    duration_ms: { type: "number", minimum: 0 },
    setup_ms: { type: "number", nullable: true, minimum: 0 },
    message: { type: "string", nullable: true },
    harness: {
      type: "object",
      nullable: true,
      additionalProperties: false,
      required: ["provider", "version"],
      properties: { provider: { type: "string" }, version: { type: "string" } },
    },
    diff: { type: "array", nullable: true, items: diffLine },
    stderr: { type: "string", nullable: true },
    baseline: { type: "string", nullable: true },
    stale_baseline: { type: "boolean", nullable: true },
    live: { ...liveCells, nullable: true },
    step: {
      type: "object",
      nullable: true,
      additionalProperties: false,
      required: ["number", "name"],
      properties: { number: { type: "integer", minimum: 1 }, name: { type: "string", minLength: 1 } },
    },
    input: { ...caseInput, nullable: true },
    kept_fixture: { type: "string", nullable: true },
    leftovers: {
      type: "array",
      nullable: true,
      items: { type: "object", additionalProperties: false, required: ["pid", "command"], properties: { pid: { type: "integer", minimum: 1 }, command: { type: "string" } } },
    },
  },
};

export const reportFooterSchema: JSONSchemaType<ReportFooter> = {
  $id: `${BASE}footer.schema.json`,
  type: "object",
  additionalProperties: false,
  required: ["type", "totals", "by_area", "by_requirement", "stale_baselines", "exit_code", "finished_at", "duration_ms"],
  properties: {
    type: { type: "string", const: "footer" },
    totals: tally,
    by_area: { type: "object", required: [], additionalProperties: tally },
    by_requirement: { type: "object", required: [], additionalProperties: tally },
    stale_baselines: { type: "array", items: { type: "string" } },
    exit_code: { type: "integer", enum: [0, 1] },
    stopped: { type: "string", minLength: 1, nullable: true },
    leftovers: { type: "array", nullable: true, items: leftoverProperties },
    finished_at: { type: "string", format: "date-time" },
    duration_ms: { type: "number", minimum: 0 },
  },
};

/** The published schema: one report line, discriminated by `type`. */
export const reportLineSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://papc.dev/schemas/run-report.schema.json",
  title: "papc run report line (JSON Lines), report schema 1",
  description: "A run report is a header line, one case line per case, and a footer line. Each line is one of these objects.",
  oneOf: [{ $ref: reportHeaderSchema.$id }, { $ref: caseRecordSchema.$id }, { $ref: reportFooterSchema.$id }],
} as const;
