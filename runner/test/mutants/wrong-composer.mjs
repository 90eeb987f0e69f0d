// Wrong host composers for the teeth test (SPEC KIT-COMPOSE-TEETH): each wraps the
// reference's protocol endpoint and breaks its `compose` answer (or the request it sees) in one
// way a real host might. Every composition case must fail against at least one of them.
// Usage: node wrong-composer.mjs <mutation>   (mutations: see MUTATIONS below)
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "smol-toml";
import { wrapReference } from "./wrap-reference.mjs";

const manifestPath = (c, pkg) => join(c.source, pkg, "PLUGIN.toml");
const readManifest = (c, pkg) => {
  try {
    return parse(readFileSync(manifestPath(c, pkg), "utf8"));
  } catch {
    return undefined;
  }
};
const editManifests = (c, edit) => {
  for (const pkg of c.args.packages) {
    const m = readManifest(c, pkg);
    if (m) writeFileSync(manifestPath(c, pkg), stringify(edit(m, pkg) ?? m));
  }
};
const withArgs = (c, args) => ({ ...c, args: { ...c.args, ...args } });
const lastSegment = (p) => p.split("/").filter(Boolean).pop() ?? p;

const MUTATIONS = {
  // the last hook that answers decides: no deny-wins
  "no-deny-wins": {
    after: (c, r) => {
      const answers = r.fired.map((id) => c.args.results?.[id]).filter((x) => x && x.kind !== "abstain" && x.kind !== "observe");
      const last = answers.at(-1);
      if (r.decision.kind !== "deny" || !last || last.kind === "deny") return r;
      const kind = ["allow", "rewrite_input", "replace_output", "continue_workflow"].includes(last.kind) ? last.kind : "none";
      return { ...r, decision: { kind, ...(last.input ? { input: last.input } : {}), ...(last.output !== undefined ? { output: last.output } : {}) } };
    },
  },
  // breaks ties by plugin name instead of registration order
  "unstable-order": { before: (c) => withArgs(c, { packages: [...c.args.packages].sort((a, b) => (lastSegment(a) < lastSegment(b) ? -1 : 1)) }) },
  // breaks ties by reverse registration order
  "reverse-registration": { before: (c) => withArgs(c, { packages: [...c.args.packages].reverse() }) },
  // keeps the first of several packages with one name and drops the rest silently
  "first-duplicate-wins": {
    before: (c) => {
      const seen = new Set();
      const packages = c.args.packages.filter((pkg) => {
        const name = readManifest(c, pkg)?.plugin?.name;
        if (name === undefined) return true;
        if (seen.has(name)) return false;
        seen.add(name);
        return true;
      });
      return withArgs(c, { packages });
    },
  },
  // ignores plugin.requires altogether
  "ignores-dependencies": {
    before: (c) =>
      editManifests(c, (m) => {
        if (m.plugin) delete m.plugin.requires;
      }),
  },
  // treats optional dependencies as required
  "optional-as-required": {
    before: (c) =>
      editManifests(c, (m) => {
        for (const d of m.plugin?.requires ?? []) d.requirement = "required";
      }),
  },
  // namespaces tool names per plugin, so collisions are never seen
  "namespaced-tools": {
    before: (c) =>
      editManifests(c, (m) => {
        const name = m.plugin?.name ?? "x";
        for (const t of m.tool ?? []) t.id = `${name}-${t.id}`;
        for (const h of m.hook ?? []) h.tool = `${name}-${h.tool}`;
      }),
  },
  // runs hooks in registration order of their packages instead of identity order
  "registration-order-hooks": {
    after: (c, r) => {
      const rank = (id) => c.args.packages.findIndex((pkg) => readManifest(c, pkg)?.plugin?.name === id.split("#")[0]);
      return { ...r, fired: [...r.fired].sort((a, b) => rank(a) - rank(b)) };
    },
  },
  // matches tool_names as unanchored, case-insensitive regular expressions
  "regex-matcher": {
    before: (c) => {
      const tool = c.args.event.tool_name;
      if (tool === undefined) return;
      editManifests(c, (m) => {
        for (const h of m.hook ?? []) {
          const names = h.matcher?.tool_names ?? [];
          if (names.some((n) => new RegExp(n, "i").test(tool))) h.matcher.tool_names = [tool];
        }
      });
    },
  },
  // matches every tool, whatever tool_names says
  "ignores-matcher": {
    before: (c) =>
      editManifests(c, (m) => {
        for (const h of m.hook ?? []) delete h.matcher;
      }),
  },
  // applies the first rewrite or replacement when several differ, and reports nothing
  "no-conflicts": {
    after: (c, r) => {
      if (r.conflicts.length === 0) return r;
      const first = c.args.results?.[r.conflicts[0].hooks[0]];
      const decision = first?.kind === "replace_output" ? { kind: "replace_output", output: first.output } : { kind: "rewrite_input", input: first?.input };
      return { ...r, conflicts: [], decision };
    },
  },
  // takes any result, admitted by the hook's effect or not
  "ignores-admission": {
    after: (c, r) => {
      if (r.failures.length === 0) return r;
      const denied = r.decision.kind === "deny" && /hook_result_incompatible/.test(r.decision.reason ?? "");
      return { ...r, failures: [], decision: denied ? { kind: "none" } : r.decision };
    },
  },
  // drops contexts
  "drops-context": {
    after: (c, r) => {
      const { context: _gone, ...decision } = r.decision;
      return { ...r, decision };
    },
  },
  // answers no decision at all
  "no-decision": { after: (c, r) => ({ ...r, decision: { kind: "none" } }) },
  // composes nothing
  "rejects-everything": {
    reply: (c) => ({
      order: [],
      rejected: c.args.packages.map((p) => ({ package: p, code: "host_invalid_package" })),
      tools: [],
      fired: [],
      decision: { kind: "none" },
      conflicts: [],
      failures: [],
    }),
  },
  // fires the hooks of every package, also of rejected ones, in identity order
  "fires-rejected": {
    after: (c, r) => {
      const extra = [];
      for (const pkg of c.args.packages) {
        const m = readManifest(c, pkg);
        const name = m?.plugin?.name;
        if (!name || r.order.includes(name)) continue;
        for (const h of m.hook ?? []) extra.push(`${name}#hook:${h.id}`);
      }
      return { ...r, fired: [...r.fired, ...extra].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))) };
    },
  },
};

const mutation = process.argv[2];
if (!MUTATIONS[mutation]) throw new Error(`usage: wrong-composer.mjs ${Object.keys(MUTATIONS).join("|")}`);
wrapReference("compose", MUTATIONS[mutation]);
