// Wrong projections for the live and project suites (SPEC KIT-LIVE-TEETH, KIT-PROJECT-TEETH): each
// wraps the reference's protocol endpoint and breaks its projection (the `live` answer, which the
// runner installs into the real pinned harness, and the `project` answer, which papc judges as
// data and whose commands it runs) in one way a real consumer might. Every live and every project
// case must fail against at least one of them, or it checks nothing.
// Usage: node wrong-projection.mjs <mutation>   (mutations: see MUTATIONS below)
//        node wrong-projection.mjs --filter drop-allow <shell command>   (used by drops-allow-pairing)
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { wrapReference } from "./wrap-reference.mjs";
import { fileURLToPath } from "node:url";
import { parse, stringify } from "smol-toml";

const self = fileURLToPath(import.meta.url);

const quote = (s) => (/^[A-Za-z0-9_./:=@%+,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** Rewrites every hook of the package before the reference projects it (the dispatcher reads the same file). */
function editManifest(c, edit) {
  const file = join(c.source, "plugins", c.args.plugin, "PLUGIN.toml");
  let manifest;
  try {
    manifest = parse(readFileSync(file, "utf8"));
  } catch {
    return;
  }
  edit(manifest);
  writeFileSync(file, stringify(manifest));
}

/**
 * The native configuration of a result as an object, changed in place by `edit(config)`: a
 * project result's `config`, or a live result's text parsed and written back.
 */
function editConfig(c, result, edit) {
  if (c.operation === "project") {
    if (result.config === null) return result;
    const config = structuredClone(result.config);
    edit(config);
    return { ...result, config };
  }
  if (!result.text) return result;
  const codex = c.args.provider === "codex";
  const config = codex ? parse(result.text) : JSON.parse(result.text);
  edit(config);
  return { ...result, text: codex ? stringify(config) : `${JSON.stringify(config, null, 2)}\n` };
}

/** Every command of the configuration changed by `edit(command) → command`. */
function editCommands(c, result, edit) {
  return editConfig(c, result, (config) => {
    for (const groups of Object.values(config.hooks ?? {})) for (const group of groups) for (const h of group.hooks ?? []) h.command = edit(h.command);
  });
}

/** Every group's matcher changed by `edit(matcher) → matcher`. */
function editMatchers(c, result, edit) {
  return editConfig(c, result, (config) => {
    for (const groups of Object.values(config.hooks ?? {})) for (const group of groups) if (group.matcher !== undefined) group.matcher = edit(group.matcher);
  });
}

/** The package's hooks as its PLUGIN.toml declares them ([] when it does not parse). */
function manifestHooks(c) {
  try {
    return parse(readFileSync(join(c.source, "plugins", c.args.plugin, "PLUGIN.toml"), "utf8")).hook ?? [];
  } catch {
    return [];
  }
}

const MUTATIONS = {
  // answers an empty configuration: nothing installed, nothing refused or omitted
  "installs-nothing": {
    reply: (c) => ({
      exit: 0,
      format: c.args.provider === "codex" ? "config-toml" : "settings-json",
      ...(c.operation === "project" ? { config: { hooks: {} } } : { text: c.args.provider === "codex" ? "" : '{"hooks":{}}\n' }),
      omitted: [],
      refused: [],
    }),
  },
  // Codex's rewrite loses its pairing: updatedInput without permissionDecision allow
  "drops-allow-pairing": { after: (c, r) => editCommands(c, r, (cmd) => [process.execPath, self, "--filter", "drop-allow", cmd].map(quote).join(" ")) },
  // the projected dispatcher renders the other provider's native answers
  "swaps-provider": {
    after: (c, r) => editCommands(c, r, (cmd) => cmd.replace(/--provider (claude-code|codex)/, (_, p) => `--provider ${p === "codex" ? "claude-code" : "codex"}`)),
  },
  // treats tool_names as "all tools"
  "ignores-matcher": {
    before: (c) =>
      editManifest(c, (m) => {
        for (const h of m.hook ?? []) delete h.matcher;
      }),
  },
  // applies report whatever the declared failure policy
  "always-reports": {
    before: (c) =>
      editManifest(c, (m) => {
        for (const h of m.hook ?? []) h.failure_policy = "report";
      }),
  },
  // shows every error to the model, or to nobody but the user
  "flips-visibility": {
    before: (c) =>
      editManifest(c, (m) => {
        for (const h of m.hook ?? []) h.error_visibility = h.error_visibility === "user" ? "model_and_user" : "user";
      }),
  },
  // never refuses: a required unsupported hook is treated as optional and left out
  "refuses-nothing": {
    before: (c) =>
      editManifest(c, (m) => {
        for (const h of m.hook ?? []) Object.assign(h, { requirement: "optional", fallback: "omit" });
      }),
  },
  // leaves optional hooks out silently
  "hides-omissions": { after: (c, r) => ({ ...r, omitted: [] }) },
  // projects commands that dispatch without the consumer's trust store: a lapsed grant goes unnoticed
  "ignores-trust-store": { after: (c, r) => editCommands(c, r, (cmd) => cmd.replace(/ --state-dir ('[^']*'|\S+)/, "")) },
  // a matcher without anchors: `Bash` also selects Bashful and MyBash
  "unanchored-matcher": { after: (c, r) => editMatchers(c, r, (m) => m.replace(/^\^\((.*)\)\$$/, "$1")) },
  // tool names put into the matcher unescaped: `a.b` also selects aXb
  "unescaped-matcher": { after: (c, r) => editMatchers(c, r, (m) => m.replace(/\\(.)/g, "$1")) },
  // the matcher of the first name only, not the union
  "first-name-matcher": { after: (c, r) => editMatchers(c, r, (m) => m.replace(/^\^\(((?:[^|\\]|\\.)*)\|.*\)\$$/, "^($1)$")) },
  // one group and command per hook instead of one command per event
  "command-per-hook": {
    after: (c, r) =>
      editConfig(c, r, (config) => {
        for (const [event, groups] of Object.entries(config.hooks ?? {})) {
          config.hooks[event] = groups.flatMap((group) =>
            group.hooks.flatMap((h) => {
              const ids = [...h.command.matchAll(/ --hook (\S+)/g)].map((m) => m[1]);
              const base = h.command.replace(/ --hook \S+/g, "");
              return (ids.length > 1 ? ids : [undefined]).map((id) => ({ ...group, hooks: [{ ...h, command: id === undefined ? h.command : `${base} --hook ${id}` }] }));
            }),
          );
        }
      }),
  },
  // commands that name no hook: the dispatcher runs every hook of the package mapped to the event, omitted ones too
  "dispatches-unnamed": { after: (c, r) => editCommands(c, r, (cmd) => cmd.replace(/ --hook \S+/g, "")) },
  // the native timeout is the dispatcher's budget alone, without the second for the dispatcher itself
  "timeout-without-margin": {
    after: (c, r) =>
      editConfig(c, r, (config) => {
        for (const groups of Object.values(config.hooks ?? {})) for (const group of groups) for (const h of group.hooks) if (typeof h.timeout === "number") h.timeout -= 1;
      }),
  },
  // Codex's SessionEnd gets the sum like any event, though Codex cuts it to 3 s
  "unclamped-session-end": {
    after: (c, r) =>
      editConfig(c, r, (config) => {
        const total = manifestHooks(c)
          .filter((h) => h.subject === "session" && h.phase === "end")
          .reduce((sum, h) => sum + (h.timeout_ms ?? 0), 0);
        for (const group of config.hooks?.SessionEnd ?? []) for (const h of group.hooks) h.timeout = Math.ceil(total / 1000) + 1;
      }),
  },
  // Claude Code's failed tool calls are forgotten: tool_call/after hooks on PostToolUse only
  "drops-failure-event": { after: (c, r) => editConfig(c, r, (config) => void delete config.hooks?.PostToolUseFailure) },
  // registers a SessionStart command whatever the package holds (no portable hook maps to SessionStart)
  "adds-session-start": {
    after: (c, r) =>
      editConfig(c, r, (config) => {
        config.hooks = { ...config.hooks, SessionStart: [{ hooks: [{ type: "command", command: "true", timeout: 3 }] }] };
      }),
  },
  // an error or refusal still answers an (empty) configuration
  "configures-on-error": { after: (c, r) => (c.operation === "project" && r.config === null ? { ...r, config: { hooks: {} } } : r) },
  // a request it cannot serve is reported like an unloadable package (exit 1)
  "usage-as-error": { after: (c, r) => (r.exit === 2 ? { ...r, exit: 1 } : r) },
};

function main() {
  const mutation = process.argv[2];
  if (!MUTATIONS[mutation]) throw new Error(`usage: wrong-projection.mjs ${Object.keys(MUTATIONS).join("|")}`);
  wrapReference(["live", "project"], MUTATIONS[mutation]);
}

// Filter mode: run the projected command with this process's stdin, and drop Codex's
// `permissionDecision: "allow"` from a response that pairs it with `updatedInput`.
function filter() {
  const child = spawn("/bin/sh", ["-c", process.argv[4]], { stdio: ["inherit", "pipe", "inherit"] });
  const out = [];
  child.stdout.on("data", (c) => out.push(c));
  child.on("exit", (code) => {
    let text = Buffer.concat(out).toString("utf8");
    try {
      const response = JSON.parse(text);
      const specific = response?.hookSpecificOutput;
      if (specific && specific.updatedInput !== undefined && specific.permissionDecision === "allow") {
        delete specific.permissionDecision;
        text = `${JSON.stringify(response)}\n`;
      }
    } catch {
      // not JSON: pass it on as it is
    }
    process.stdout.write(text, () => process.exit(code ?? 1));
  });
}

if (process.argv[2] === "--filter") filter();
else main();
