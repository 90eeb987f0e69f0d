// On the trigger case, answers correctly after filling its fixture with 20,000 files: judging
// the fixture (expect.fixture.unchanged) then has more to read than its time bound allows.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isTrigger, serve } from "./protocol-loop.mjs";
serve({
  onRun: (msg) => {
    if (isTrigger(msg)) {
      for (let d = 0; d < 100; d++) {
        const dir = join(msg.case.root, "junk", String(d));
        mkdirSync(dir, { recursive: true });
        for (let f = 0; f < 200; f++) writeFileSync(join(dir, String(f)), `${d}/${f}\n`);
      }
    }
    return false;
  },
});
