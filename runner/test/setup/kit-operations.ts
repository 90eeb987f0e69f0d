// Tests call the core directly (loadCases, runSuite, …), not through cli.ts or api.ts: the kit's
// operations are registered here as those entry points register them.
import "../../src/operations/index.js";
