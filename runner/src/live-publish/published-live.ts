// The committed live run (reports/published/live/): one `reference-live-<date>.jsonl` with its
// Markdown rendering beside it, the run of every live case against the reference that
// docs/compatibility.md is generated from (`npm run publish-live`). A test checks that the
// matrix is what that report gives, and that the report still holds every live case as written
// now (runner/test/live-published.test.ts); the live suite checks a fresh run gives it too.

import { readdir } from "node:fs/promises";
import { join } from "node:path";

export const LIVE_PUBLISHED_DIR = "reports/published/live";
export const LIVE_MATRIX_FILE = "docs/compatibility.md";
export const LIVE_GLOB = "live/**";
const NAME = /^reference-live-(\d{4}-\d{2}-\d{2})\.jsonl$/;

export function livePublishedName(date: string): string {
  return `reference-live-${date}`;
}

/** The newest published live run (kit-relative), or undefined when none is committed. */
export async function publishedLiveReport(root: string): Promise<string | undefined> {
  const names = (await readdir(join(root, LIVE_PUBLISHED_DIR)).catch(() => [] as string[])).filter((n) => NAME.test(n)).sort();
  const newest = names.at(-1);
  return newest === undefined ? undefined : `${LIVE_PUBLISHED_DIR}/${newest}`;
}
