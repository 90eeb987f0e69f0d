// Wrong consumers for the teeth test of the lifecycle cases (SPEC KIT-LIFECYCLE-TEETH):
// each wraps the reference's protocol endpoint and breaks one rule of SPEC chapter 11 the way a
// real package manager or harness adapter might. Every lifecycle case must fail against at least
// one of them. Usage: node wrong-lifecycle.mjs <mutation>   (mutations: see MUTATIONS below)
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { parse } from "smol-toml";
import { isPackageName } from "../../../dist/reference/src/lifecycle/args.js";
import { refusals } from "../../../dist/reference/src/lifecycle/dispatch-gate.js";
import { readPackage } from "../../../dist/reference/src/lifecycle/package-read.js";
import { runLifecycle } from "../../../dist/reference/src/lifecycle/operations.js";
import { wrapReference } from "./wrap-reference.mjs";

const OPERATIONS = ["dispatch", "review", "approve", "revoke", "activate", "remove"];
const withArgs = (c, args) => ({ ...c, args: { ...c.args, ...args } });
const manifest = (c) => {
  try {
    return parse(readFileSync(join(c.source, "plugins", c.args.plugin, "PLUGIN.toml"), "utf8"));
  } catch {
    return {};
  }
};
/** The instruction files an activation or removal touched. */
const touchedFiles = (result) => [...(result.instructions ?? []).filter((p) => p.written).map((p) => p.file), ...(result.removed ?? [])];
const edit = (files, change) => {
  for (const file of new Set(files)) if (existsSync(file)) writeFileSync(file, change(readFileSync(file, "utf8"), file));
};
const BLOCK = /<!-- pap:begin [^\n]*-->\n[\s\S]*?<!-- pap:end [^\n]*-->\n/g;
const only = (operation, mutation) => ({
  before: (c) => (c.operation === operation && mutation.before ? mutation.before(c) : c),
  after: (c, r) => (c.operation === operation && mutation.after ? mutation.after(c, r) : r),
});

const LIFECYCLE = ["review", "approve", "revoke", "activate", "remove"];
/** Arguments a lenient consumer makes usable instead of refusing them (it answers exit 2 for none). */
function lenient(c) {
  const a = c.args;
  const firstPackage = () => readdirSync(join(c.source, "plugins")).sort()[0] ?? "demo";
  const strings = (v) => (Array.isArray(v) ? v.filter((x) => typeof x === "string" && x !== "") : undefined);
  const env = a.environment !== null && typeof a.environment === "object" && !Array.isArray(a.environment) ? a.environment : {};
  return withArgs(c, {
    plugin: isPackageName(a.plugin) ? a.plugin : firstPackage(),
    state_dir: typeof a.state_dir === "string" ? (isAbsolute(a.state_dir) ? a.state_dir : join(c.source, a.state_dir)) : join(c.source, ".consumer-state"),
    environment: Object.fromEntries(
      Object.entries(env)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    ),
    ...(a.enable !== undefined ? { enable: strings(a.enable) } : {}),
    ...(a.tools !== undefined ? { tools: strings(a.tools) } : {}),
    ...(a.hooks !== undefined ? { hooks: strings(a.hooks) } : {}),
  });
}

const MUTATIONS = {
  // makes unusable arguments usable instead of refusing them: the first package for a name that is
  // not one, a relative state folder resolved in the fixture, values turned into strings, lists cleaned
  "lenient-args": { operations: LIFECYCLE, before: lenient },
  // dispatches without looking at the trust store: selection authorizes execution
  "skips-trust-check": only("dispatch", { before: (c) => withArgs(c, { state_dir: undefined }) }),
  // leaves every hook without a current grant out of the dispatch, as if it were not installed:
  // a required fail_closed gate whose tool bytes changed stops protecting (papc's rule until 2026-12)
  "untrusted-left-out": only("dispatch", {
    before: async (c) => {
      if (!c.args.state_dir) return c;
      const refused = await refusals(c.source, c.args.plugin, c.args.hooks, c.args.state_dir);
      const ids = c.args.hooks ?? (manifest(c).hook ?? []).map((h) => h.id);
      return withArgs(c, { hooks: ids.filter((id) => !refused.has(id)), state_dir: undefined });
    },
  }),
  // fails a required gate without a grant before matching the tool: a Write gate denies a Bash
  // call (emulated by handing the reference the event as if it named the gate's first tool)
  "untrusted-before-matcher": only("dispatch", {
    before: async (c) => {
      if (!c.args.state_dir) return c;
      const refused = await refusals(c.source, c.args.plugin, c.args.hooks, c.args.state_dir);
      const gate = (manifest(c).hook ?? []).find((h) => refused.has(h.id) && h.requirement !== "optional" && h.matcher?.tool_names?.length);
      return gate ? withArgs(c, { event: { ...c.args.event, tool_name: gate.matcher.tool_names[0] } }) : c;
    },
  }),
  // forgets the trust store once the package no longer validates: a dispatcher error, and both
  // harnesses let the call go ahead (the fail-open papc had until 2026-12)
  "invalid-package-fails-open": only("dispatch", {
    before: async (c) => (c.args.state_dir && !(await readPackage(c.source, c.args.plugin)).ok ? withArgs(c, { state_dir: undefined }) : c),
  }),
  // tidies the instruction files it writes: LF line endings, no trailing spaces, a final newline
  "rewrites-user-content": {
    after: (c, r) => {
      if (c.operation === "activate" || c.operation === "remove") {
        edit(
          touchedFiles(r),
          (text) =>
            `${text
              .replace(/\r\n/g, "\n")
              .replace(/[ \t]+$/gm, "")
              .replace(/^\uFEFF/, "")
              .replace(/\n*$/, "")}\n`,
        );
      }
      return r;
    },
  },
  // says it approved everything, whatever the package, and records nothing
  "approves-anything": {
    operations: ["approve"],
    reply: (c) => {
      const m = manifest(c);
      return { exit: 0, approved: [...(m.tool ?? []).map((t) => `tool:${t.id}`), ...(m.hook ?? []).map((h) => `hook:${h.id}`)] };
    },
  },
  // approves every tool and hook of the package whatever the user named
  "approves-whole-package": only("approve", { before: (c) => withArgs(c, { tools: undefined, hooks: undefined }) }),
  // says it revoked, and keeps the grants
  // reviewing records the approval it shows
  "review-approves": only("review", {
    before: async (c) => {
      await runLifecycle("approve", c.source, c.args);
      return c;
    },
  }),
  // the review leaves out the tools' inherited environment and capability claims
  "review-hides-claims": only("review", { after: (c, r) => ({ ...r, review: (r.review ?? []).map(({ env, capabilities, ...e }) => e) }) }),
  // the review never reads the trust store: everything is new
  "review-ignores-grants": only("review", { after: (c, r) => ({ ...r, review: (r.review ?? []).map(({ reason, ...e }) => ({ ...e, trust: "new" })) }) }),
  // the review shows the whole package, whatever was selected
  "review-whole-package": only("review", { before: (c) => withArgs(c, { tools: undefined, hooks: undefined }) }),
  // a package that does not validate reviews as empty instead of refused
  "review-invalid-empty": only("review", { after: (c, r) => (r.exit === 1 ? { exit: 0, review: [] } : r) }),
  "revoke-ignored": only("revoke", { before: (c) => ({ ...c, operation: "approve" }) }),
  // activates whatever is blocked
  "never-blocks": only("activate", {
    after: (c, r) => ({ ...r, exit: 0, activation: "active", members: (r.members ?? []).map((m) => ({ ...m, status: m.status === "blocked" ? "active" : m.status })) }),
  }),
  // lists only what it activated
  "hides-omissions": only("activate", { after: (c, r) => ({ ...r, members: (r.members ?? []).filter((m) => m.status === "active") }) }),
  // enables every recommended instruction
  "enables-recommended": only("activate", {
    before: (c) => withArgs(c, { enable: (manifest(c).plugin?.members ?? []).filter((m) => m.requirement === "recommended").map((m) => m.ref) }),
  }),
  // writes project guidance into the user's global file
  "project-as-global": only("activate", { before: (c) => (c.args.instructions?.scope === "project" ? withArgs(c, { instructions: { scope: "user" } }) : c) }),
  // writes to the provider's user file when the user selected nothing
  "default-target": only("activate", { before: (c) => (c.args.instructions ? c : withArgs(c, { instructions: { scope: "user" } })) }),
  // takes the other provider's user directory for the user scope
  "swaps-user-files": only("activate", {
    before: (c) => {
      const env = c.args.environment ?? {};
      return withArgs(c, { environment: { ...env, CLAUDE_CONFIG_DIR: env.CODEX_HOME, CODEX_HOME: env.CLAUDE_CONFIG_DIR } });
    },
  }),
  // ignores dry_run
  "no-dry-run": only("activate", { before: (c) => withArgs(c, { dry_run: undefined }) }),
  // appends its blocks again on every activation
  "appends-again": only("activate", {
    after: (c, r) => {
      if (!c.args.dry_run) edit(touchedFiles(r), (text) => text + (text.match(BLOCK) ?? []).join(""));
      return r;
    },
  }),
  // removal strips every managed block in the file, other packages' and edited ones included
  "removes-all-blocks": only("remove", {
    after: (c, r) => {
      edit([...(r.removed ?? []), ...(r.kept ?? []).map((k) => k.file)], (text) => text.replace(BLOCK, ""));
      return { ...r, exit: 0, kept: [] };
    },
  }),
  // copies the other provider's project file into the one it writes
  concatenates: only("activate", {
    after: (c, r) => {
      for (const p of (r.instructions ?? []).filter((x) => x.written && x.scope === "project")) {
        const other = join(dirname(p.file), p.file.endsWith("AGENTS.md") ? "CLAUDE.md" : "AGENTS.md");
        if (existsSync(other)) edit([p.file], (text) => `${text}${readFileSync(other, "utf8")}`);
      }
      return r;
    },
  }),
};

const mutation = MUTATIONS[process.argv[2]];
if (!mutation) {
  process.stderr.write(`usage: wrong-lifecycle.mjs <${Object.keys(MUTATIONS).join("|")}>\n`);
  process.exit(2);
}
wrapReference(mutation.operations ?? OPERATIONS, mutation);
