// Claude Code 2.1.233 against the scripted Anthropic server: `claude -p <prompt> --settings
// <settings.json>` with a command hook per captured event in the settings' `hooks` key.

import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { baseEnv, type Invocation, type InvocationContext } from "./harness-invocation.js";
import { isToolCall, stringArg } from "./model-server/turns.js";
import { HOOK_TIMEOUT_S } from "./capture-hook.js";

export async function claudeInvocation(ctx: InvocationContext): Promise<Invocation> {
  const settings = join(ctx.folders.dir, "settings.json");
  const hooks = Object.fromEntries(
    ctx.scenario.capture.map((c) => [c.event, [{ matcher: "", hooks: [{ type: "command", command: ctx.hook.command(c.event), timeout: HOOK_TIMEOUT_S }] }]]),
  );
  await writeFile(settings, `${JSON.stringify({ hooks }, null, 2)}\n`);
  // Root may not use bypass mode: allow exactly the scripted calls instead.
  const allowed = new Set<string>();
  for (const turn of ctx.scenario.turns) {
    if (!isToolCall(turn)) continue;
    if (turn.tool === "shell") allowed.add(`Bash(${stringArg(turn, "command").split(" ")[0]}:*)`);
    if (turn.tool === "subagent") allowed.add("Agent");
  }
  const tail = ["--output-format", "json", ...(allowed.size > 0 ? ["--allowedTools", ...allowed] : [])];
  return {
    argv: [ctx.binary, "-p", ctx.scenario.prompt, "--settings", settings, ...tail],
    display: [ctx.pin.binary, "-p", ctx.scenario.prompt, "--settings", "<settings>", ...tail],
    env: {
      ...baseEnv(ctx.folders.home),
      ANTHROPIC_BASE_URL: ctx.modelOrigin,
      ANTHROPIC_API_KEY: "papc-scripted-model",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_AUTOUPDATER: "1",
    },
  };
}
