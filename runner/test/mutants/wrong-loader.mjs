// Wrong Agent Plugins loaders for the teeth test (SPEC KIT-AP-TEETH): each wraps the
// reference's protocol endpoint and breaks its `load-agent-plugin` answer in one way a real
// loader might. The first four break the rule of one of seed 004's acceptance fixtures; the
// others break the remaining rules of SPEC chapter 9. Every agent-plugins case must fail
// against at least one of them, or it checks nothing.
// Usage: node wrong-loader.mjs <mutation>   (mutations: see MUTATIONS below); wrong-codex.mjs imports
// MUTATIONS to make a Codex stand-in's loader wrong in the same ways.
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync, copyFileSync, rmSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { wrapReference } from "./wrap-reference.mjs";

const CANONICAL = "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json";

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
};
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const real = (p) => {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
};
const inside = (root, p) => p !== undefined && (p === root || p.startsWith(root + sep));
const isLink = (p) => {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
};
const children = (dir) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};
/** Every SKILL.md below `dir`, at any depth, as [folder name, path]. */
function skillFilesDeep(dir, found = []) {
  for (const name of children(dir)) {
    const p = join(dir, name);
    if (name === "SKILL.md") found.push([dirname(p).split(sep).pop(), p]);
    else if (statSafe(p)?.isDirectory() && !isLink(p)) skillFilesDeep(p, found);
  }
  return found;
}
const statSafe = (p) => {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
};
const addSkills = (r, names) => ({ ...r, skills: [...r.skills, ...names.filter((n) => !r.skills.some((s) => s.name === n)).map((name) => ({ name }))] });
const manifestOf = (c) => readJson(join(c.source, "plugin.json"));
const nothing = { loaded: false, identity: null, skills: [], mcp_servers: [], hooks: [], apps: [], interface: {}, diagnostics: [] };

export const MUTATIONS = {
  // seed fixture 1/3: searches skills/ recursively, so a nested SKILL.md becomes a skill
  "recursive-skills": {
    after: (c, r) =>
      r.loaded
        ? addSkills(
            r,
            skillFilesDeep(join(c.source, "skills")).map(([n]) => n),
          )
        : r,
  },
  // seed fixture 2: treats any Agent Plugins $schema as version 1.0.0
  "accepts-any-version": {
    before: (c) => {
      const file = join(c.source, "plugin.json");
      const m = readJson(file);
      if (isObject(m) && m.$schema !== CANONICAL) writeFileSync(file, JSON.stringify({ ...m, $schema: CANONICAL }));
    },
  },
  // seed fixture 3: follows symlinks wherever they lead
  "follows-symlinks-out": {
    after: (c, r) => {
      if (!r.loaded) return r;
      const skills = join(c.source, "skills");
      const out = children(skills).filter((n) => (isLink(join(skills, n)) || isLink(join(skills, n, "SKILL.md"))) && statSafe(join(skills, n, "SKILL.md"))?.isFile());
      return addSkills(r, out);
    },
  },
  // seed fixture 4: lets the vendor overlay replace identity and component roots
  "vendor-overrides": {
    after: (c, r) => {
      const vendor = manifestOf(c)?.extensions?.["com.openai"];
      if (!r.loaded || !isObject(vendor)) return r;
      const identity = { ...r.identity };
      for (const k of ["name", "version", "description"]) if (typeof vendor[k] === "string") identity[k] = vendor[k];
      const out = { ...r, identity };
      if (typeof vendor.skills === "string") out.skills = children(resolve(c.source, vendor.skills)).map((name) => ({ name }));
      if (typeof vendor.mcpServers === "string") {
        const servers = readJson(resolve(c.source, vendor.mcpServers))?.mcpServers;
        if (isObject(servers)) out.mcp_servers = Object.entries(servers).map(([name, s]) => ({ name, type: String(s?.type ?? "stdio") }));
      }
      return out;
    },
  },
  // implements no vendor namespace at all: no interface, hooks or apps
  "no-vendor": { after: (c, r) => ({ ...r, interface: {}, hooks: [], apps: [] }) },
  // publishes vendor additions even for a rejected package
  "vendor-when-rejected": {
    after: (c, r) => {
      if (r.loaded) return r;
      const vendor = manifestOf(c)?.extensions?.["com.openai"];
      return isObject(vendor) && isObject(vendor.interface) ? { ...r, interface: vendor.interface } : r;
    },
  },
  // rejects every package
  "rejects-everything": { reply: () => nothing },
  // never rejects: a package it cannot accept is loaded anyway under whatever name it has
  "never-rejects": {
    after: (c, r) => {
      if (r.loaded) return r;
      const m = manifestOf(c);
      const name = isObject(m) && typeof m.name === "string" ? m.name : "demo";
      return { ...r, loaded: true, identity: { name, version: isObject(m) && typeof m.version === "string" ? m.version : null, description: null } };
    },
  },
  // any error in a component rejects the whole package
  "component-failure-fatal": { after: (c, r) => ((r.diagnostics ?? []).some((d) => d.severity === "error") ? nothing : r) },
  // reports nothing
  silent: { after: (c, r) => ({ ...r, diagnostics: [] }) },
  // takes every child of skills/ with an entry named SKILL.md, valid or not, file or not
  "lax-skills": {
    after: (c, r) =>
      r.loaded
        ? addSkills(
            r,
            children(join(c.source, "skills")).filter((n) => existsSync(join(c.source, "skills", n, "SKILL.md"))),
          )
        : r,
  },
  // bans symlinks outright, even those that stay inside the root
  "no-symlinks": {
    after: (c, r) => {
      const root = real(c.source);
      const skills = join(c.source, "skills");
      const linked = (n) => isLink(skills) || isLink(join(skills, n)) || isLink(join(skills, n, "SKILL.md"));
      const mcpLinked = isLink(join(c.source, "mcp.json"));
      return root ? { ...r, skills: r.skills.filter((s) => !linked(s.name)), mcp_servers: mcpLinked ? [] : r.mcp_servers } : r;
    },
  },
  // reads mcp.json wherever its symlink leads
  "lax-mcp-path": {
    before: (c) => {
      const file = join(c.source, "mcp.json");
      const target = real(file);
      if (isLink(file) && target && !inside(real(c.source), target) && statSafe(target)?.isFile()) {
        rmSync(file);
        copyFileSync(target, file);
      }
    },
  },
  // publishes every server entry of a parseable mcp.json, valid or not, with its raw fields
  "keeps-invalid-servers": {
    after: (c, r) => {
      const servers = readJson(join(c.source, "mcp.json"))?.mcpServers;
      if (!r.loaded || !isObject(servers)) return r;
      const kept = new Set(r.mcp_servers.map((s) => s.name));
      const extra = Object.entries(servers)
        .filter(([name]) => !kept.has(name))
        .map(([name, s]) => ({ name, type: String(s?.type ?? "stdio") }));
      return { ...r, mcp_servers: [...r.mcp_servers, ...extra] };
    },
  },
  // never expands ${PLUGIN_ROOT} or ${PLUGIN_DATA}; commands keep their ./ form
  "no-expansion": {
    after: (c, r) => {
      const servers = readJson(join(c.source, "mcp.json"))?.mcpServers ?? {};
      return {
        ...r,
        mcp_servers: r.mcp_servers.map((s) => {
          const raw = servers[s.name] ?? {};
          const out = { ...s };
          for (const k of ["command", "args", "env", "cwd"]) if (raw[k] !== undefined) out[k] = raw[k];
          return out;
        }),
      };
    },
  },
  // expands every ${NAME} from the environment too, and placeholders in command
  "expands-everything": {
    after: (c, r) => {
      const env = { ...process.env, PLUGIN_ROOT: r.plugin_root ?? c.source, PLUGIN_DATA: r.plugin_data ?? "" };
      const expand = (v) => (typeof v === "string" ? v.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (m, n) => env[n] ?? m) : v);
      return { ...r, mcp_servers: r.mcp_servers.map((s) => JSON.parse(JSON.stringify(s), (_k, v) => expand(v))) };
    },
  },
};

// run as a program (not imported by wrong-codex.mjs): the wrapped reference endpoint
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const mutation = process.argv[2];
  if (!MUTATIONS[mutation]) throw new Error(`usage: wrong-loader.mjs ${Object.keys(MUTATIONS).join("|")}`);
  wrapReference("load-agent-plugin", MUTATIONS[mutation]);
}
