// Exits as soon as it is greeted.
import { serve } from "./protocol-loop.mjs";
serve({
  onHello: () => {
    process.stderr.write("hostile: bye\n");
    process.exit(4);
  },
});
