// Which portable hooks a host event fires, and in what order (SPEC 10.1
// and 10.3; HOST-MAP-HOOK-EVENTS, HOST-HOOK-MATCHER, HOST-HOOK-ORDER).
// Every portable hook registers at host priority 0, so priority never separates them; they
// run in byte order of their identities, whatever the registration or composition order.

import type { ComposeEvent } from "../../../runner/shared/protocol.js";
import { compareUtf8, type HookPhase, type HookSubject } from "../manifest-types.js";
import type { HostHook, HostPackage } from "./packages.js";

/**
 * The host hook names a portable subject/phase registers under (seed 002's hook surface). A
 * function, not a module-level table: evaluated at each call, so mutation testing can change it.
 */
export function hostHooksOf(subject: HookSubject, phase: HookPhase): readonly string[] {
  const table: readonly { subject: HookSubject; phase: HookPhase; hooks: readonly string[] }[] = [
    { subject: "tool_call", phase: "before", hooks: ["PreToolUse"] },
    { subject: "tool_call", phase: "after", hooks: ["PostToolUse", "PostToolUseFailure"] },
    { subject: "user_prompt", phase: "before", hooks: ["UserPromptSubmit"] },
    { subject: "workflow", phase: "completion_attempt", hooks: ["Stop"] },
    { subject: "session", phase: "end", hooks: ["SessionEnd"] },
  ];
  // Stryker disable next-line OptionalChaining,ArrayDeclaration: every subject/phase pair a valid package admits (SPEC 3.10) is in the table, and cases give valid packages (HOST-INVALID-PACKAGE)
  return table.find((entry) => entry.subject === subject && entry.phase === phase)?.hooks ?? [];
}

export function hookIdentity(plugin: string, hookId: string): string {
  return `${plugin}#hook:${hookId}`;
}

/** Non-empty matcher.tool_names: exact, case-sensitive equality with the event's tool name. */
export function matches(hook: HostHook, event: ComposeEvent): boolean {
  if (hook.toolNames.length === 0) return true;
  return event.tool_name !== undefined && hook.toolNames.includes(event.tool_name);
}

export interface FiredHook {
  identity: string;
  hook: HostHook;
}

/** The hooks of the accepted packages that `event` fires, in byte order of their identities. */
export function firedHooks(accepted: readonly HostPackage[], event: ComposeEvent): FiredHook[] {
  return accepted
    .flatMap((pkg) =>
      pkg.hooks
        .filter((hook) => hostHooksOf(hook.subject, hook.phase).includes(event.hook) && matches(hook, event))
        .map((hook) => ({ identity: hookIdentity(pkg.name, hook.id), hook })),
    )
    .sort((left, right) => compareUtf8(left.identity, right.identity));
}
