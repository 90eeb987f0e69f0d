// Claude Code 2.1.233 against the scripted Anthropic server: `claude -p <prompt> --settings
// <settings.json>`, the settings file holding the run's native configuration (its `hooks` key).

import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { baseEnv, type Invocation, type InvocationContext } from "./harness-invocation.js";
import { isToolCall, stringArg } from "./model-server/turns.js";

export async function claudeInvocation(ctx: InvocationContext): Promise<Invocation> {
  const settings = join(ctx.folders.dir, "settings.json");
  await writeFile(settings, `${JSON.stringify(ctx.native, null, 2)}\n`);
  // Root may not use bypass mode: allow exactly the scripted calls instead.
  const allowed = new Set<string>();
  for (const turn of ctx.turns) {
    if (!isToolCall(turn)) continue;
    if (turn.tool === "shell") allowed.add(`Bash(${stringArg(turn, "command").split(" ")[0]}:*)`);
    if (turn.tool === "subagent") allowed.add("Agent");
  }
  const format = ctx.claudeOutput === "stream-json" ? ["--output-format", "stream-json", "--verbose"] : ["--output-format", "json"];
  const tail = [...format, ...(allowed.size > 0 ? ["--allowedTools", ...allowed] : [])];
  return {
    argv: [ctx.binary, "-p", ctx.prompt, "--settings", settings, ...tail],
    display: [ctx.pin.binary, "-p", ctx.prompt, "--settings", "<settings>", ...tail],
    env: {
      ...baseEnv(ctx.folders.home),
      ...ctx.env,
      ANTHROPIC_BASE_URL: ctx.modelOrigin,
      ANTHROPIC_API_KEY: "papc-scripted-model",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_AUTOUPDATER: "1",
    },
  };
}
