// validate-cli (SPEC 1.3): the implementation runs its own command line on `source`; the exit
// status, report and stderr are compared as for validate, stderr by its matcher.

import type { ValidateCliArgs, ValidateCliResult } from "../../../shared/protocol.js";
import { ownKeys, type OperationOf } from "../../registry/operation-definition.js";
import { compareStderr } from "../dispatch/compare.js";
import { judgeValidated, reportResult, VALIDATE_EXPECT, validityPolarity } from "../validate/definition.js";
import { validateCliArgsFindings, withSource } from "./args.js";
import { validateCliScaffold } from "./scaffold.js";
import { validateCliCaseSchema } from "./case-schema.js";

export const validateCli: OperationOf<"validate-cli"> = {
  name: "validate-cli",
  usedIn: { case: true, step: false },
  keys: { given: [], expect: ownKeys<"validate-cli">()([...VALIDATE_EXPECT, "stderr"]) },
  caseSchema: validateCliCaseSchema,
  argsCheck: { code: "validate-cli-args", findings: validateCliArgsFindings },
  caseArgs(c, source) {
    const args = c.given?.args as unknown as ValidateCliArgs;
    return { ...args, argv: withSource(args.argv, source) };
  },
  scaffold: validateCliScaffold,
  resultSchema: "protocol/validate-cli-result.schema.json",
  async judge(c, result) {
    const validated = result as unknown as ValidateCliResult;
    return judgeValidated(c.expect, validated, compareStderr(c.expect.stderr, validated.stderr));
  },
  polarity: validityPolarity,
  readExec(exit, stdout, stderr) {
    // A command line's stdout is a report or nothing (SPEC 1.3); stderr is part of its result.
    if (stdout.trim() === "") return { kind: "result", result: { exit, stderr } };
    return reportResult(exit, stdout, stderr);
  },
};
