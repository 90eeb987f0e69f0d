// Answers the trigger case with the JSON value null: valid JSON, not a reply object.
import { isTrigger, serve } from "./protocol-loop.mjs";
serve({
  onRun: (msg) => {
    if (!isTrigger(msg)) return false;
    process.stdout.write("null\n");
    return true;
  },
});
