// Loads recordings/scenarios/<name>.yaml: schema-checked, with file:line for every problem.

import { readdir } from "node:fs/promises";
import { basename, join } from "node:path";
import type { Provider } from "../types/recording.js";
import type { LoadedScenario, NeutralTool, Scenario } from "../types/scenario.js";
import { readYamlFile, YamlFileError } from "../schemas/yaml-file.js";

export const SCENARIOS_DIR = "scenarios";

/** Which neutral tools each harness's model server can call. */
export const TOOLS_OF: Record<Provider, readonly NeutralTool[]> = {
  "claude-code": ["shell", "subagent"],
  codex: ["shell", "apply_patch", "subagent", "subagent_wait"],
};

export async function loadScenario(file: string, label = file): Promise<LoadedScenario> {
  const { data, lineAt } = await readYamlFile<Scenario>(file, "scenario.schema.json", label);
  const name = basename(file).replace(/\.ya?ml$/, "");
  if (data.name !== name) throw new YamlFileError(label, lineAt(["name"]), `name "${data.name}" must equal the file name "${name}"`);
  data.turns.forEach((turn, i) => {
    if (!("tool" in turn)) return;
    for (const provider of turn.providers ?? data.providers) {
      if (!data.providers.includes(provider)) throw new YamlFileError(label, lineAt(["turns", i, "providers"]), `provider ${provider} is not one of the scenario's providers`);
      if (!TOOLS_OF[provider].includes(turn.tool)) {
        throw new YamlFileError(label, lineAt(["turns", i, "tool"]), `${provider} has no "${turn.tool}" tool; add \`providers:\` to the turn to leave ${provider} out`);
      }
    }
  });
  const capture = data.capture.map((c) => (typeof c === "string" ? { event: c } : c));
  capture.forEach((c, i) => {
    for (const provider of c.providers ?? data.providers) {
      if (!data.providers.includes(provider)) throw new YamlFileError(label, lineAt(["capture", i, "providers"]), `provider ${provider} is not one of the scenario's providers`);
      if (capture.some((o, j) => j < i && o.event === c.event && (o.providers ?? data.providers).includes(provider))) {
        throw new YamlFileError(label, lineAt(["capture", i]), `${c.event} is captured twice for ${provider}`);
      }
    }
  });
  return { ...data, capture, file: label };
}

/** The scenario as one harness runs it: only its turns and captures. */
export function scenarioFor(scenario: LoadedScenario, provider: Provider): LoadedScenario {
  const mine = (x: { providers?: Provider[] }): boolean => !x.providers || x.providers.includes(provider);
  return { ...scenario, turns: scenario.turns.filter(mine), capture: scenario.capture.filter(mine) };
}

/** Every scenario under <recordings root>/scenarios, by name; `names` picks some (unknown → error). */
export async function loadScenarios(root: string, names: readonly string[] = []): Promise<LoadedScenario[]> {
  const dir = join(root, SCENARIOS_DIR);
  const files = (await readdir(dir)).filter((f) => /\.ya?ml$/.test(f)).sort();
  const all = await Promise.all(files.map((f) => loadScenario(join(dir, f), `recordings/${SCENARIOS_DIR}/${f}`)));
  const unknown = names.filter((n) => !all.some((s) => s.name === n));
  if (unknown.length > 0) throw new UnknownScenarioError(`no scenario named ${unknown.join(", ")} (have: ${all.map((s) => s.name).join(", ")})`);
  return names.length > 0 ? all.filter((s) => names.includes(s.name)) : all;
}

export class UnknownScenarioError extends Error {}
