// The test command's configuration (package.json passes the rest on the command line).
import { defineConfig } from "vitest/config";

export default defineConfig({ test: { setupFiles: ["runner/test/setup/temp-cleanup.ts", "runner/test/setup/kit-operations.ts"] } });
