// Codex 0.147.0 against the scripted Responses server: `codex exec` with CODEX_HOME holding a
// config.toml: the run's native configuration (its `hooks` table) with papc's model provider,
// approval policy and sandbox mode set over it.

import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { stringify } from "smol-toml";
import { baseEnv, type Invocation, type InvocationContext } from "./harness-invocation.js";

/**
 * A model Codex knows the metadata of: with it, 0.147.0 offers apply_patch as a freeform tool
 * (an unknown name falls back to metadata without apply_patch). The name appears in payloads.
 */
export const CODEX_MODEL = "gpt-5.5";
const KEY_VARIABLE = "PAPC_MODEL_KEY";

export async function codexInvocation(ctx: InvocationContext): Promise<Invocation> {
  const codexHome = join(ctx.folders.dir, "codex-home");
  await mkdir(codexHome, { recursive: true });
  const config = {
    ...ctx.native,
    model: CODEX_MODEL,
    model_provider: "papc",
    approval_policy: "never",
    sandbox_mode: ctx.codexSandbox ?? "danger-full-access",
    model_providers: { papc: { name: "papc scripted model", base_url: `${ctx.modelOrigin}/v1`, wire_api: "responses", env_key: KEY_VARIABLE } },
  };
  await writeFile(join(codexHome, "config.toml"), stringify(config));
  // Hook trust needs a review in an interactive session; a scripted run bypasses it.
  const args = ["exec", "--dangerously-bypass-hook-trust", "--skip-git-repo-check", ctx.prompt];
  return {
    argv: [ctx.binary, ...args],
    display: [ctx.pin.binary, ...args],
    env: { ...baseEnv(ctx.folders.home), ...ctx.env, CODEX_HOME: codexHome, [KEY_VARIABLE]: "papc-scripted-model" },
  };
}
