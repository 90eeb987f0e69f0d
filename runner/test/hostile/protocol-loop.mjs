// Shared by the hostile implementations: a minimal protocol loop that answers every case
// with one fixed, well-formed validate result, except where the script misbehaves on purpose.
// Cases whose id contains "trigger" are where each script misbehaves.
import { createInterface } from "node:readline";

export const OK_RESULT = {
  exit: 0,
  structural: "accept",
  report: {
    schema_version: 1,
    profile: "portable-agent-packages/0.1",
    source_path: ".",
    valid: true,
    package_contract: { valid: true, diagnostics: [] },
    members: [],
    dependencies: [],
    providers: [],
    execution_authorization: { status: "never_granted", check: "not_applicable", detail: "fixture" },
    packages: [],
    diagnostics: [],
  },
};

export const HELLO = {
  protocol: 1,
  implementation: { name: "hostile", version: "0.0.0", language: "JavaScript" },
  operations: ["validate"],
};

export function send(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

/** onRun(request) may return true when it answered (or misbehaved) itself; onStop runs before the exit. */
export function serve({ onHello, onRun, onStop } = {}) {
  const rl = createInterface({ input: process.stdin });
  rl.on("line", (line) => {
    const msg = JSON.parse(line);
    if (msg.cmd === "hello") {
      if (!onHello?.(msg)) send(HELLO);
    } else if (msg.cmd === "run") {
      if (!onRun?.(msg)) send({ seq: msg.seq, result: OK_RESULT });
    } else if (msg.cmd === "stop") {
      onStop?.(msg);
      process.exit(0);
    }
  });
}

export const isTrigger = (msg) => msg.case.id.includes("trigger");
