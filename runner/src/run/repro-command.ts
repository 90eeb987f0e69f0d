// `papc repro <case-id>`: the command around run/repro.ts (KIT-REPRO).

import { join, resolve } from "node:path";
import { commandAdapter, resolveAdapter } from "../adapters/load-adapter.js";
import { loadCases } from "../cases/load-cases.js";
import { caseFileShown, printJson, UsageError } from "../common/command-io.js";
import { kitInfo } from "../../shared/kit-root.js";
import { renderRepro, ReproError, writeRepro, type Repro } from "./repro.js";

export interface ReproOptions {
  adapter?: string;
  command?: string;
  out?: string;
  json?: boolean;
}

export async function reproCommand(id: string, o: ReproOptions, root: string): Promise<void> {
  const { cases, broken } = await loadCases(join(root, "cases"), root);
  const c = cases.find((x) => x.id === id);
  if (!c) {
    const known = [...cases.map((x) => x.id), ...broken.map((b) => b.id)];
    const near = known.filter((k) => k.endsWith(`/${id.split("/").pop()}`)).slice(0, 5);
    throw new UsageError(
      broken.some((b) => b.id === id)
        ? `case ${id} does not load: run papc lint`
        : `no case ${id}${near.length ? `; did you mean ${near.join(", ")}?` : " (papc list shows the ids)"}`,
    );
  }
  const adapter = o.command !== undefined ? commandAdapter(o.command) : await resolveAdapter(o.adapter ?? "reference", root);
  let repro: Repro;
  try {
    repro = await writeRepro(c, resolve(o.out ?? join("papc-repro", ...id.split("/"))), adapter, { ...kitInfo(), root });
  } catch (err) {
    if (err instanceof ReproError) throw new UsageError(err.message);
    throw err;
  }
  if (o.json) printJson(repro);
  else process.stdout.write(renderRepro(repro, caseFileShown(root)));
}
