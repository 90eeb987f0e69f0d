// Each test file gets a temporary directory of its own (TMPDIR, which os.tmpdir(), tmp-promise
// and every process a test starts use), removed with all it holds after the file's tests: a
// test run leaves nothing in the machine's temporary directory, whatever a test or a process it
// started forgot to clean up.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

const outer = process.env["TMPDIR"];
// a short name: harnesses put Unix sockets under TMPDIR, whose paths are limited to ~100 bytes
const own = mkdtempSync(join(tmpdir(), "pt-"));
// as /tmp is (sticky, open to all): tests validate as an unprivileged user in folders below it
chmodSync(own, 0o1777);
process.env["TMPDIR"] = own;
// papc's case cache (cases/case-cache.ts) too: every file starts cold, nothing is left in ~/.cache;
// and its case folders, which it would otherwise make on /dev/shm (fixtures/case-folder-base.ts)
const outerCache = process.env["PAPC_CACHE_DIR"];
process.env["PAPC_CACHE_DIR"] = join(own, "papc-cache");
const outerCases = process.env["PAPC_TMPDIR"];
process.env["PAPC_TMPDIR"] = own;

afterAll(() => {
  if (outer === undefined) delete process.env["TMPDIR"];
  else process.env["TMPDIR"] = outer;
  if (outerCases === undefined) delete process.env["PAPC_TMPDIR"];
  else process.env["PAPC_TMPDIR"] = outerCases;
  if (outerCache === undefined) delete process.env["PAPC_CACHE_DIR"];
  else process.env["PAPC_CACHE_DIR"] = outerCache;
  rmSync(own, { recursive: true, force: true });
});
