// On the trigger case, writes 100 MB to stdout without a newline.
import { isTrigger, serve } from "./protocol-loop.mjs";
const chunk = Buffer.alloc(1 << 20, 0x61);
serve({
  onRun: (msg) => {
    if (!isTrigger(msg)) return false;
    let left = 100;
    const pump = () => {
      while (left > 0) {
        left--;
        if (!process.stdout.write(chunk)) return process.stdout.once("drain", pump);
      }
    };
    pump();
    return true;
  },
});
