// The teeth rule (CONTRIBUTING.md), minimal form: every case the reference passes must fail for some wrong
// implementation. Validate cases meet the two constant validators (accept everything, reject
// everything); dispatch cases meet wrong dispatchers that each break one rule of SPEC chapters
// 5–6 (runner/test/mutants/wrong-dispatcher.mjs). A case that passes against all of them checks
// nothing. Live cases meet wrong projections installed into the real pinned harnesses
// (runner/test/mutants/wrong-projection.mjs, KIT-LIVE-TEETH): each mutation first meets the
// cases written to catch it, then every case that is left meets the projection that installs
// nothing. Mutation testing of the reference (a later issue) raises this bar further.

import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCases } from "../src/cases/load-cases.js";
import { runSuite } from "../src/run/run-suite.js";
import type { LoadedCase } from "../src/types/case.js";
import { KIT_ROOT, persistentAdapter } from "./helpers.js";
import { installPinnedHarnesses, requireHarnesses } from "./live-helpers.js";

const MUTANTS = join(KIT_ROOT, "runner/test/mutants");
const WRONG_VALIDATORS = ["accept", "reject"].map((v) => ["node", join(MUTANTS, "answers-fixed-verdict.mjs"), v]);
const WRONG_DISPATCHERS = [
  "silent",
  "runs-everything",
  "leaks-environment",
  "ignores-matcher",
  "swaps-provider",
  "always-reports",
  "always-fails-closed",
  "flips-visibility",
  "reverses-order",
  "waits-longer",
  "kills-group-only",
].map((m) => ["node", join(MUTANTS, "wrong-dispatcher.mjs"), m]);

const wrongLoader = (mutation: string): string[] => ["node", join(MUTANTS, "wrong-loader.mjs"), mutation];
/** Seed 004's acceptance fixtures and the wrong loader that breaks the rule each checks (KIT-AP-TEETH). */
const SEED_FIXTURE_LOADERS: [string, string[]][] = [
  ["accepts-any-version", ["agent-plugins/seed/unsupported-version"]],
  ["recursive-skills", ["agent-plugins/seed/nested-skill"]],
  ["follows-symlinks-out", ["agent-plugins/seed/symlink-outside"]],
  ["vendor-overrides", ["agent-plugins/seed/vendor-overlay"]],
  ["no-vendor", ["agent-plugins/seed/vendor-overlay"]],
  ["rejects-everything", ["agent-plugins/seed/valid-v1"]],
];
const OTHER_LOADERS = [
  "rejects-everything",
  "never-rejects",
  "component-failure-fatal",
  "silent",
  "lax-skills",
  "no-symlinks",
  "lax-mcp-path",
  "keeps-invalid-servers",
  "no-expansion",
  "expands-everything",
  "vendor-when-rejected",
  "recursive-skills",
  "accepts-any-version",
  "follows-symlinks-out",
  "vendor-overrides",
  "no-vendor",
].map(wrongLoader);

const wrongComposer = (mutation: string): string[] => ["node", join(MUTANTS, "wrong-composer.mjs"), mutation];
/** The two wrong composers SPEC KIT-COMPOSE-TEETH names, and the composition cases written to catch them (KIT-COMPOSE-TEETH). */
const TARGETED_COMPOSERS: [string, (id: string) => boolean][] = [
  [
    "no-deny-wins",
    (id) => ["deny-first", "deny-middle", "reasons-joined", "over-rewrite", "over-context", "user-prompt"].some((c) => id === `composition/decision/deny-wins/${c}`),
  ],
  ["unstable-order", (id) => id.startsWith("composition/order/stable/")],
];
const OTHER_COMPOSERS = [
  "rejects-everything",
  "no-decision",
  "no-deny-wins",
  "unstable-order",
  "reverse-registration",
  "first-duplicate-wins",
  "ignores-dependencies",
  "optional-as-required",
  "namespaced-tools",
  "registration-order-hooks",
  "regex-matcher",
  "ignores-matcher",
  "no-conflicts",
  "ignores-admission",
  "drops-context",
  "fires-rejected",
].map(wrongComposer);

const wrongProjection = (mutation: string): string[] => ["node", join(MUTANTS, "wrong-projection.mjs"), mutation];
/** Each wrong projection and the live cases written to catch it (every one must fail against it). */
const TARGETED_PROJECTIONS: [string, string[]][] = [
  ["drops-allow-pairing", ["live/codex/rewrite-pretooluse"]],
  ["swaps-provider", ["live/claude-code/rewrite-keeps-permissions", "live/codex/rewrite-pretooluse"]],
  ["ignores-matcher", ["live/claude-code/matcher", "live/codex/matcher"]],
  ["always-reports", ["live/claude-code/fail-closed-timeout", "live/codex/fail-closed-timeout"]],
  ["flips-visibility", ["live/claude-code/report-timeout", "live/codex/model-and-user"]],
  ["refuses-nothing", ["live/claude-code/unsupported-refused", "live/codex/unsupported-refused"]],
  ["hides-omissions", ["live/claude-code/unsupported-omitted", "live/codex/unsupported-omitted"]],
  [
    "ignores-trust-store",
    [
      "live/claude-code/lapsed-fail-closed-gate-denies",
      "live/codex/lapsed-fail-closed-gate-denies",
      "live/claude-code/lapsed-fail-open-gate-lets-call-run",
      "live/codex/lapsed-fail-open-gate-lets-call-run",
    ],
  ],
];

/** Each wrong projection of a project case (KIT-PROJECT-TEETH) and the project cases written to catch it. */
const TARGETED_PROJECTS: [string, string[]][] = [
  ["unanchored-matcher", ["matcher/one-name-anchored-claude", "matcher/one-name-anchored-codex"]],
  ["unescaped-matcher", ["matcher/escaped-dot-claude", "matcher/escaped-specials-codex"]],
  ["first-name-matcher", ["matcher/union-of-hooks-claude", "matcher/union-of-hooks-codex"]],
  ["ignores-matcher", ["matcher/per-event-claude", "matcher/shared-name-once-codex"]],
  ["command-per-hook", ["several/three-on-one-event-claude", "several/three-on-one-event-codex"]],
  ["timeout-without-margin", ["several/whole-seconds-codex"]],
  ["unclamped-session-end", ["several/session-end-clamped-codex"]],
  ["drops-failure-event", ["events/claude-tool-call-after-observe", "several/every-subject-claude"]],
  ["adds-session-start", ["several/no-hooks-claude", "several/no-hooks-codex"]],
  ["refuses-nothing", ["unsupported/required-replace-output-codex", "unsupported/required-with-supported-codex"]],
  ["hides-omissions", ["unsupported/optional-omitted-codex", "unsupported/only-optional-omitted-codex"]],
  ["dispatches-unnamed", ["unsupported/optional-omitted-codex"]],
  ["configures-on-error", ["input/unknown-plugin", "input/invalid-package", "input/invalid-hook"]],
  ["usage-as-error", ["input/unknown-provider", "input/unknown-format"]],
].map(([mutation, ids]) => [mutation as string, (ids as string[]).map((id) => `hooks/projection/${id}`)]);

const wrongCli = (mutation: string): string[] => ["node", join(MUTANTS, "wrong-cli.mjs"), mutation];

const wrongLifecycle = (mutation: string): string[] => ["node", join(MUTANTS, "wrong-lifecycle.mjs"), mutation];
/**
 * The wrong consumers KIT-LIFECYCLE-TEETH names, and the lifecycle cases written to catch them:
 * one that dispatches without the dispatch-time trust check, one that leaves an untrusted hook
 * out as if it were not installed (a lapsed fail_closed gate stops protecting), one that fails
 * an untrusted gate before matching its tool, one whose review records an approval, one whose
 * review never says a grant lapsed, and one that tidies the user's instruction files (line
 * endings, trailing spaces, byte order mark, final newline).
 */
const TARGETED_LIFECYCLE: [string, string[]][] = [
  [
    "lenient-args",
    [
      "lifecycle/arguments/plugin-not-a-string",
      "lifecycle/arguments/plugin-null",
      "lifecycle/arguments/plugin-dot-dot",
      "lifecycle/arguments/plugin-path",
      "lifecycle/arguments/state-dir-relative",
      "lifecycle/arguments/state-dir-not-a-string",
      "lifecycle/arguments/environment-value-not-a-string",
      "lifecycle/arguments/environment-null",
      "lifecycle/arguments/review-enable-number",
    ],
  ],
  [
    "skips-trust-check",
    [
      "lifecycle/trust/validated-not-trusted",
      "lifecycle/trust/refusal-named-on-stderr",
      "lifecycle/trust/one-hook-approved",
      "lifecycle/trust/tool-only-approved",
      "lifecycle/trust/tool-bytes-changed",
      "lifecycle/trust/contract-changed",
      "lifecycle/trust/hook-effect-changed",
      "lifecycle/trust/same-name-other-bytes",
      "lifecycle/trust/revoked",
      "lifecycle/trust/removed-forgets-grants",
    ],
  ],
  // a consumer that leaves an untrusted hook out as if it were not installed (PAP-LIFE-TRUST-LAPSED-GATE)
  [
    "untrusted-left-out",
    [
      "lifecycle/trust-lapsed/never-approved-fail-closed-denies-claude",
      "lifecycle/trust-lapsed/never-approved-fail-closed-denies-codex",
      "lifecycle/trust-lapsed/bytes-changed-fail-closed-denies-claude",
      "lifecycle/trust-lapsed/bytes-changed-fail-closed-denies-codex",
      "lifecycle/trust-lapsed/hook-changed-rewrite-gate-denies",
      "lifecycle/trust-lapsed/revoked-fail-closed-denies",
      "lifecycle/trust-lapsed/tool-only-revoked-fail-closed-denies",
      "lifecycle/trust-lapsed/prompt-gate-blocks-claude",
      "lifecycle/trust-lapsed/stop-control-asks-another-pass-codex",
      "lifecycle/trust-lapsed/fail-open-goes-ahead",
      "lifecycle/trust-lapsed/report-model-and-user-tells-the-model",
      "lifecycle/trust-lapsed/approved-hook-beside-still-runs",
    ],
  ],
  ["untrusted-before-matcher", ["lifecycle/trust-lapsed/other-tool-not-denied"]],
  // a consumer that forgets the trust store once the package no longer validates (PAP-LIFE-TRUST-INVALID-PACKAGE)
  [
    "invalid-package-fails-open",
    [
      "lifecycle/trust-lapsed/invalid-package-fail-closed-denies-claude",
      "lifecycle/trust-lapsed/invalid-package-fail-closed-denies-codex",
      "lifecycle/trust-lapsed/invalid-package-fail-open-goes-ahead",
      "lifecycle/trust-lapsed/invalid-package-other-tool-not-denied",
      "lifecycle/trust-lapsed/invalid-package-optional-left-out",
    ],
  ],
  // a consumer whose review authorizes, or never says that a grant lapsed (PAP-LIFE-REVIEW-NO-GRANT, -CHANGED)
  ["review-approves", ["lifecycle/review/records-nothing"]],
  ["review-ignores-grants", ["lifecycle/review/after-approval", "lifecycle/review/tool-bytes-changed", "lifecycle/review/hook-changed", "lifecycle/review/revoked-is-new"]],
  ["rewrites-user-content", ["lifecycle/instructions/remove-restores-bytes", "lifecycle/instructions/bom-kept", "lifecycle/instructions/two-packages-one-file"]],
];
const OTHER_LIFECYCLE = [
  "lenient-args",
  "skips-trust-check",
  "untrusted-left-out",
  "untrusted-before-matcher",
  "invalid-package-fails-open",
  "rewrites-user-content",
  "approves-anything",
  "approves-whole-package",
  "revoke-ignored",
  "never-blocks",
  "hides-omissions",
  "enables-recommended",
  "project-as-global",
  "default-target",
  "swaps-user-files",
  "no-dry-run",
  "appends-again",
  "removes-all-blocks",
  "concatenates",
  "review-approves",
  "review-hides-claims",
  "review-ignores-grants",
  "review-whole-package",
  "review-invalid-empty",
].map(wrongLifecycle);

let harnessesUnavailable: string | undefined;
beforeAll(async () => {
  harnessesUnavailable = await installPinnedHarnesses();
}, 900_000);

// Each wrong implementation meets only the cases no earlier one has failed, which keeps the
// test short: the laziest mutants come first and catch most cases.
async function failuresAgainst(commands: string[][], cases: LoadedCase[]): Promise<Set<string>> {
  const failed = new Set<string>();
  for (const command of commands) {
    const survivors = cases.filter((c) => !failed.has(c.id));
    if (survivors.length === 0) break;
    const report = await runSuite({ kitRoot: KIT_ROOT, kit: { name: "papc", version: "test" }, adapter: persistentAdapter(command), cases: survivors, jobs: 2 });
    // a wrong implementation must get a judged verdict, not a broken run
    const broken = report.cases.filter((c) => c.outcome !== "pass" && c.outcome !== "fail");
    expect(broken.map((c) => `${command.at(-1)} ${c.id}: ${c.outcome} ${c.message}`)).toEqual([]);
    for (const c of report.cases) if (c.outcome === "fail") failed.add(c.id);
  }
  return failed;
}

/** Each targeted wrong implementation fails every case written to catch it. */
async function expectTargetsCaught(cases: LoadedCase[], targeted: [string, string[], string[]][]): Promise<void> {
  for (const [mutation, command, ids] of targeted) {
    const targets = cases.filter((c) => ids.includes(c.id));
    expect(targets.map((c) => c.id).sort()).toEqual([...ids].sort());
    const caught = await failuresAgainst([command], targets);
    expect(ids.filter((id) => !caught.has(id)).map((id) => `${mutation} did not fail ${id}`)).toEqual([]);
  }
}

/** Every case fails against at least one of the wrong implementations. */
async function expectAllCaught(cases: LoadedCase[], commands: string[][]): Promise<void> {
  const failed = await failuresAgainst(commands, cases);
  expect(cases.map((c) => c.id).filter((id) => !failed.has(id))).toEqual([]);
}

describe("every case has teeth", async () => {
  const { cases } = await loadCases(join(KIT_ROOT, "cases"), KIT_ROOT);
  const byOperation = (op: string) => cases.filter((c) => c.operation === op);
  // live cases, and multi-step cases with live steps (they need the harnesses too)
  const liveCases = cases.filter((c) => c.live !== undefined);

  it("every validate case fails against accept-everything or reject-everything", async () => {
    await expectAllCaught(byOperation("validate"), WRONG_VALIDATORS);
  }, 300_000);

  it("every validate-cli case fails against some wrong command line, and every usage-error case against one that explains nothing on stderr", async () => {
    const commandLines = byOperation("validate-cli");
    const usageErrors = commandLines.filter((c) => c.expect.exit === 2).map((c) => c.id);
    expect(usageErrors.length).toBeGreaterThanOrEqual(8);
    await expectTargetsCaught(commandLines, [["quiet-usage-errors", wrongCli("quiet-usage-errors"), usageErrors]]);
    await expectAllCaught(commandLines, ["ignores-command-line", "usage-error-always", "quiet-usage-errors"].map(wrongCli));
  }, 300_000);

  it("every dispatch case fails against at least one wrong dispatcher", async () => {
    await expectAllCaught(byOperation("dispatch"), WRONG_DISPATCHERS);
  }, 600_000);

  it("every live case fails against at least one wrong projection, and each wrong projection fails the cases written for it", async (ctx) => {
    requireHarnesses(ctx, harnessesUnavailable, "the live teeth check");
    const live = liveCases;
    const failed = new Set<string>();
    for (const [mutation, ids] of TARGETED_PROJECTIONS) {
      const targets = live.filter((c) => ids.includes(c.id));
      expect(targets.map((c) => c.id).sort()).toEqual([...ids].sort());
      const caught = await failuresAgainst([wrongProjection(mutation)], targets);
      expect(ids.filter((id) => !caught.has(id)).map((id) => `${mutation} did not fail ${id}`)).toEqual([]);
      for (const id of caught) failed.add(id);
    }
    const rest = await failuresAgainst(
      [wrongProjection("installs-nothing")],
      live.filter((c) => !failed.has(c.id)),
    );
    for (const id of rest) failed.add(id);
    expect(live.map((c) => c.id).filter((id) => !failed.has(id))).toEqual([]);
  }, 600_000);

  it("every project case fails against at least one wrong projection, and each wrong projection fails the project cases written for it (KIT-PROJECT-TEETH)", async () => {
    const projects = byOperation("project");
    await expectTargetsCaught(
      projects,
      TARGETED_PROJECTS.map(([mutation, ids]) => [mutation, wrongProjection(mutation), ids]),
    );
    await expectAllCaught(projects, ["installs-nothing", ...TARGETED_PROJECTS.map(([mutation]) => mutation)].map(wrongProjection));
  }, 600_000);

  it("each seed 004 fixture fails against the wrong loader that breaks its rule, and every agent-plugins case against at least one", async () => {
    const loads = byOperation("load-agent-plugin");
    await expectTargetsCaught(
      loads,
      SEED_FIXTURE_LOADERS.map(([mutation, ids]) => [mutation, wrongLoader(mutation), ids]),
    );
    await expectAllCaught(loads, OTHER_LOADERS);
  }, 300_000);

  it("dropping deny-wins or an unstable topological order fails the cases written for them, and every composition case fails against some wrong composer", async () => {
    const composes = byOperation("compose");
    for (const [mutation, targeted] of TARGETED_COMPOSERS) {
      const targets = composes.filter((c) => targeted(c.id));
      expect(targets.length, `cases for ${mutation}`).toBeGreaterThanOrEqual(3);
      const caught = await failuresAgainst([wrongComposer(mutation)], targets);
      expect(
        targets
          .map((c) => c.id)
          .filter((id) => !caught.has(id))
          .map((id) => `${mutation} did not fail ${id}`),
      ).toEqual([]);
    }
    await expectAllCaught(composes, OTHER_COMPOSERS);
  }, 300_000);

  it("skipping the dispatch-time trust check or rewriting user content fails the cases written for them, and every lifecycle case fails against some wrong consumer", async () => {
    const lifecycle = byOperation("steps").filter((c) => c.live === undefined);
    await expectTargetsCaught(
      lifecycle,
      TARGETED_LIFECYCLE.map(([mutation, ids]) => [mutation, wrongLifecycle(mutation), ids]),
    );
    await expectAllCaught(lifecycle, OTHER_LIFECYCLE);
  }, 300_000);

  it("knows every operation the suite uses", () => {
    const known = ["validate", "validate-cli", "dispatch", "live", "project", "load-agent-plugin", "compose", "steps"];
    expect([...new Set(cases.map((c) => c.operation))].filter((op) => !known.includes(op))).toEqual([]);
  });
});
