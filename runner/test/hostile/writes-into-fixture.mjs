// On the trigger case, answers correctly but also writes a marker into the fixture and
// changes a file's mode: what `expect.fixture` must catch (validation never writes).
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isTrigger, serve } from "./protocol-loop.mjs";
serve({
  onRun: (msg) => {
    if (isTrigger(msg)) {
      writeFileSync(join(msg.case.root, "RAN"), "the tool ran\n");
      chmodSync(join(msg.case.root, "plugins/demo/PLUGIN.toml"), 0o600);
    }
    return false;
  },
});
