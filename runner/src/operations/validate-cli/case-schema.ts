// The validate-cli part of the case schema (SPEC 1.3): validate's `expect` keys, and the command's
// `stderr` matched as a dispatcher's is. runner/src/schemas/case-schema.ts merges every
// registered operation's part into the case schema.

import type { CaseSchemaOf } from "../../registry/operation-definition.js";
import { dispatchExpectProperties } from "../dispatch/case-schema.js";
import { validateExpectProperties } from "../validate/case-schema.js";

export const validateCliCaseSchema: CaseSchemaOf<"validate-cli"> = {
  expect: { ...validateExpectProperties, stderr: dispatchExpectProperties.stderr },
};
