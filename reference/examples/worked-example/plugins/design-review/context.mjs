// Emits a portable context result. If it ever runs, it leaves RAN at the source root.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
writeFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "..", "RAN"), "ran\n");
process.stdout.write(JSON.stringify({ kind: "add_context", context: "Review contrast." }) + "\n");
