// Wrong projections for the live suite (SPEC KIT-LIVE-TEETH): each wraps the
// reference's protocol endpoint and breaks its `live` answer (the projection) in one way a real
// consumer might; the runner then installs it into the real pinned harness. Every live case
// must fail against at least one of them, or it checks nothing.
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

/** The native configuration of a live result as an object, changed by `edit(command) → command`, and written back. */
function editCommands(c, result, edit) {
  if (!result.text) return result;
  const codex = c.args.provider === "codex";
  const config = codex ? parse(result.text) : JSON.parse(result.text);
  for (const groups of Object.values(config.hooks ?? {})) for (const group of groups) for (const h of group.hooks ?? []) h.command = edit(h.command);
  return { ...result, text: codex ? stringify(config) : `${JSON.stringify(config, null, 2)}\n` };
}

const MUTATIONS = {
  // answers an empty configuration: nothing installed, nothing refused or omitted
  "installs-nothing": {
    reply: (c) => ({
      exit: 0,
      format: c.args.provider === "codex" ? "config-toml" : "settings-json",
      text: c.args.provider === "codex" ? "" : '{"hooks":{}}\n',
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
};

function main() {
  const mutation = process.argv[2];
  if (!MUTATIONS[mutation]) throw new Error(`usage: wrong-projection.mjs ${Object.keys(MUTATIONS).join("|")}`);
  wrapReference("live", MUTATIONS[mutation]);
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
