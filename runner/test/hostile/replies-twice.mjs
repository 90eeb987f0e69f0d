// Answers the trigger case twice: the same reply, written again at once after the first. Both
// lines go out in one write (a pipe write of under 4 KiB arrives whole), so the duplicate is
// always there before papc sends the next request: what KIT-PROTOCOL-SEQ calls output while no
// request is pending. (Written later, after the next request, it would be, as SPEC says, a
// protocol error of that pending case; two separate writes made the test depend on timing.)
import { OK_RESULT, isTrigger, serve } from "./protocol-loop.mjs";
serve({
  onRun: (msg) => {
    if (!isTrigger(msg)) return false;
    const line = `${JSON.stringify({ seq: msg.seq, result: OK_RESULT })}\n`;
    process.stdout.write(line + line);
    return true;
  },
});
