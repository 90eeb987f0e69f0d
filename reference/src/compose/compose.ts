// The `compose` operation (SPEC 1.9, chapter 10): several portable packages in one host of the
// seed 002 model, one event, the handlers' given answers. Nothing is executed.

import type { ComposeArgs, ComposeResult } from "../../../runner/shared/protocol.js";
import { admit } from "./admission.js";
import { answerOf } from "./answers.js";
import { combine } from "./decision.js";
import { firedHooks } from "./hooks.js";
import { readPackage } from "./packages.js";
import { toolRegistry } from "./tools.js";

export async function composeHost(source: string, args: ComposeArgs): Promise<ComposeResult> {
  const read = [];
  for (const path of args.packages) read.push(await readPackage(source, path));
  const { ordered, rejected } = admit(read);
  const fired = firedHooks(ordered, args.event);
  const results = args.results ?? {};
  const answers = fired.map((f) => answerOf(f, Object.hasOwn(results, f.identity) ? results[f.identity] : undefined));
  const { decision, conflicts } = combine(answers);
  return {
    order: ordered.map((pkg) => pkg.name),
    rejected,
    tools: toolRegistry(ordered),
    fired: fired.map((f) => f.identity),
    decision,
    conflicts,
    failures: answers.flatMap((a) => (a.failure === undefined ? [] : [{ hook: a.hook, code: a.failure }])),
  };
}
