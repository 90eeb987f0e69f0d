// Where the mutation results live, and reading them: the working incremental file of the runs
// (reports/mutation/, not committed) and the committed baseline (runner/mutation/baseline/), the
// incremental file of the last complete run, gzipped. run-modules.mjs, census.mjs and
// score-table.mjs all read them from here.

import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

export const KIT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const INCREMENTAL = resolve(KIT_ROOT, "reports/mutation/stryker-incremental.json");
export const BASELINE = resolve(KIT_ROOT, "runner/mutation/baseline/stryker-incremental.json.gz");
/** The last census of the markings (census.mjs), and its committed copy beside the baseline. */
export const CENSUS_JSON = resolve(KIT_ROOT, "reports/mutation/census.json");
export const BASELINE_CENSUS = resolve(KIT_ROOT, "runner/mutation/baseline/census.json");

/** The committed baseline's text (Stryker's incremental JSON). */
export const baselineText = () => gunzipSync(readFileSync(BASELINE)).toString("utf8");

/** The committed baseline, parsed. */
export const readBaseline = () => JSON.parse(baselineText());

/** The modules of the first census file among `files` that exists; [] when there is none. */
export function readCensus(...files) {
  const file = files.find(existsSync);
  return file === undefined ? [] : JSON.parse(readFileSync(file, "utf8")).modules;
}

/** The newest results: the working incremental file when there is one, else the baseline. */
export const readStoredResults = () => (existsSync(INCREMENTAL) ? JSON.parse(readFileSync(INCREMENTAL, "utf8")) : readBaseline());
