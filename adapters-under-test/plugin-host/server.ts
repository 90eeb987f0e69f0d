// The plugin-host adapter's protocol endpoint (process protocol v1, SPEC 1.2), through the kit's
// serveProtocol (runner/shared/serve-protocol.ts):
//   hello → plugin-host 0.1.0, operations ["compose"]
//   run   → {seq, result} | {seq, errored}
//   stop  → exit

import { checkedRun, serveProtocol } from "../../runner/shared/serve-protocol.js";
import { compose } from "./compose-operation.js";

serveProtocol({
  name: "plugin-host",
  hello: () => ({ protocol: 1, implementation: { name: "plugin-host", version: "0.1.0", language: "TypeScript" }, operations: ["compose"] }),
  run: checkedRun("plugin-host", ["compose"], async (seq, c) => ({ seq, result: (await compose(c.source, c.args)) as unknown as Record<string, unknown> })),
});
