// Wrong hook dispatchers for the teeth test (CONTRIBUTING.md, the teeth rule): each wraps the reference's protocol
// endpoint and breaks one rule of SPEC chapters 5–6, the way a real consumer might get it
// wrong. Every dispatch case must fail against at least one of them, or it checks nothing.
// Usage: node wrong-dispatcher.mjs <mutation>   (mutations: see MUTATIONS below)
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "smol-toml";
import { wrapReference } from "./wrap-reference.mjs";

const mutation = process.argv[2];

/** Rewrites every hook (and its tool) of the package before the reference sees it. */
function editManifest(source, plugin, edit) {
  const file = join(source, "plugins", plugin, "PLUGIN.toml");
  let manifest;
  try {
    manifest = parse(readFileSync(file, "utf8"));
  } catch {
    return; // an invalid package stays as it is
  }
  edit(manifest);
  writeFileSync(file, stringify(manifest));
}

/** Runs every hook's handler once, in place, with the whole environment: a dispatcher that runs too much. */
function runEveryHandler(c) {
  const dir = join(c.source, "plugins", c.args.plugin);
  let manifest;
  try {
    manifest = parse(readFileSync(join(dir, "PLUGIN.toml"), "utf8"));
  } catch {
    manifest = { tool: [] };
  }
  for (const tool of manifest.tool ?? []) {
    spawnSync(process.execPath, [join(dir, tool.entry)], { cwd: dir, input: JSON.stringify(c.args.event), env: { ...process.env, ...c.args.environment }, timeout: 3000 });
  }
}

const swapProvider = (c) => ({ ...c, args: { ...c.args, provider: c.args.provider === "codex" ? "claude-code" : "codex" } });

const MUTATIONS = {
  // answers "nothing to say" without running anything
  silent: { reply: (c) => ({ exit: 0, stdout: "{}\n" }) },
  // runs every handler whatever the event, matcher or validity, then answers like the reference
  "runs-everything": { before: (c) => (runEveryHandler(c), c) },
  // passes the harness's whole environment through (every variable allow-listed)
  "leaks-environment": {
    before: (c) => (
      editManifest(c.source, c.args.plugin, (m) => {
        for (const t of m.tool ?? []) t.env = [...new Set([...(t.env ?? []), ...Object.keys(c.args.environment ?? {})])];
      }),
      c
    ),
  },
  // treats tool_names as "all tools"
  "ignores-matcher": {
    before: (c) => (
      editManifest(c.source, c.args.plugin, (m) => {
        for (const h of m.hook ?? []) delete h.matcher;
      }),
      c
    ),
  },
  // renders the other provider's native shapes
  "swaps-provider": { before: swapProvider },
  // applies report whatever the declared failure policy
  "always-reports": {
    before: (c) => (
      editManifest(c.source, c.args.plugin, (m) => {
        for (const h of m.hook ?? []) h.failure_policy = "report";
      }),
      c
    ),
  },
  // fail_open/report treated as fail_closed where that is valid
  "always-fails-closed": {
    before: (c) => (
      editManifest(c.source, c.args.plugin, (m) => {
        for (const h of m.hook ?? []) if (["allow_deny", "rewrite_input", "continue_workflow"].includes(h.effect)) h.failure_policy = "fail_closed";
      }),
      c
    ),
  },
  // shows every error to the model, or to nobody but the user
  "flips-visibility": {
    before: (c) => (
      editManifest(c.source, c.args.plugin, (m) => {
        for (const h of m.hook ?? []) h.error_visibility = h.error_visibility === "user" ? "model_and_user" : "user";
      }),
      c
    ),
  },
  // composes hooks in the order the package lists them, reversed
  "reverses-order": {
    before: (c) => (
      editManifest(c.source, c.args.plugin, (m) => {
        if (m.hook) m.hook = m.hook.map((h) => ({ ...h, id: `z${99 - m.hook.indexOf(h)}-${h.id}`.slice(0, 128) }));
      }),
      { ...c, args: { ...c.args, hooks: undefined } }
    ),
  },
  // ignores the timeout (waits 10x longer)
  "waits-longer": {
    before: (c) => (
      editManifest(c.source, c.args.plugin, (m) => {
        for (const h of m.hook ?? []) h.timeout_ms = Math.min(120000, h.timeout_ms * 10);
      }),
      c
    ),
  },
  // kills only a handler's process group, as a dispatcher without containment does: what left the
  // group or session outlives the handler (PAP-DISPATCH-CONTAINED); the reference without cgroups
  "kills-group-only": { before: (c) => c },
};

if (mutation === "kills-group-only") process.env.PAPC_CGROUPS = "off";
if (!MUTATIONS[mutation]) throw new Error(`usage: wrong-dispatcher.mjs ${Object.keys(MUTATIONS).join("|")}`);
wrapReference("dispatch", MUTATIONS[mutation]);
