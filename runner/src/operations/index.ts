// The kit's operations, registered with the core (registry/operations.ts) when this module
// is imported; cli.ts and api.ts import it. The order is the one messages list them in
// (`papc new case --operation`, the owners of a key used with the wrong operation), and the case
// schema's (its `operation` list, its `given` and `expect` keys).

import { registerOperation } from "../registry/operations.js";
import { compose } from "./compose/definition.js";
import { dispatch } from "./dispatch/definition.js";
import { LIFECYCLE_OPERATIONS } from "./lifecycle/definition.js";
import { live } from "./live/definition.js";
import { project } from "./project/definition.js";
import { loadAgentPlugin } from "./load-agent-plugin/definition.js";
import { validate } from "./validate/definition.js";
import { validateCli } from "./validate-cli/definition.js";

export const KIT_OPERATIONS = [validate, validateCli, dispatch, compose, loadAgentPlugin, live, project, ...LIFECYCLE_OPERATIONS];

for (const definition of KIT_OPERATIONS) registerOperation(definition);
