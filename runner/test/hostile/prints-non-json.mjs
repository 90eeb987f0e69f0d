// Answers the trigger case with a line that is not JSON.
import { isTrigger, serve } from "./protocol-loop.mjs";
serve({
  onRun: (msg) => {
    if (!isTrigger(msg)) return false;
    process.stdout.write("Validation passed! (this is not JSON)\n");
    return true;
  },
});
