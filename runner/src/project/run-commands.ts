// Which hooks a projected command dispatches (SPEC 1.12, PAP-PROJECT-EVENTS): papc runs the
// command of a configured event as a harness would (`sh -c <command>`, the native payload as JSON
// on stdin, in the fixture root) and reads which generated handlers recorded a run. The payload is
// the event's recording (resolve-project.ts); for a tool event papc runs it once per tool name the
// package's hooks on that event name first (and with the recorded tool when one of them matches
// every tool), since a dispatcher runs a hook only for a tool its matcher names. Each run starts in
// a cell of its own (runner/shared/process-cell.ts); what it leaves running is killed and reported.

import { execa } from "execa";
import { clearCaptures, killLeftovers, readHandlerRuns } from "../dispatch/handler-runs.js";
import { nativeEvents } from "../live/cells.js";
import type { ResolvedProject } from "../types/case.js";
import type { NativeHooks } from "../../shared/protocol.js";
import { containment, type LeftoverProcess } from "../../shared/process-cell.js";

/** The native events whose payload names a tool (and whose matcher selects tools). */
const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure"]);

/** A run longer than the command's native timeout plus this is stopped, as a harness would. */
const GRACE_MS = 5000;
/** The bound of a run whose command states no timeout. */
const NO_TIMEOUT_MS = 60_000;

export interface EventRuns {
  /** Ids of the hooks whose handlers recorded at least one run. */
  dispatched: string[];
  /** What papc could not do or saw go wrong, for the diff's reader (a run that timed out, say). */
  notes: string[];
}

export interface CommandRuns {
  events: Map<string, EventRuns>;
  leftovers: LeftoverProcess[];
}

/** The tool names the event's command is run with: the first name of each hook's matcher, and the recorded tool for a hook that matches every tool. */
export function toolNamesFor(project: ResolvedProject, event: string, recorded: unknown): (string | undefined)[] {
  if (!TOOL_EVENTS.has(event)) return [undefined];
  const names = new Set<string>();
  for (const hook of project.hooks) {
    if (!nativeEvents(project.provider, hook.subject, hook.phase).includes(event)) continue;
    const first = hook.matcher?.tool_names?.[0];
    if (first !== undefined) names.add(first);
    else if (typeof recorded === "string") names.add(recorded);
  }
  if (names.size === 0 && typeof recorded === "string") names.add(recorded);
  return [...names].sort();
}

/** Runs the commands of `events` (those the case asks about), one event after another. */
export async function runProjectedCommands(
  project: ResolvedProject,
  config: NativeHooks,
  events: readonly string[],
  root: string,
  environment: Record<string, string>,
  signal?: AbortSignal,
): Promise<CommandRuns> {
  const ids = project.hooks.map((h) => h.id);
  const result: CommandRuns = { events: new Map(), leftovers: [] };
  for (const event of events) {
    const commands = (config.hooks[event] ?? []).flatMap((group) => group.hooks);
    const recorded = project.payloads[event];
    if (!recorded) {
      result.events.set(event, {
        dispatched: [],
        notes: [`papc has no recorded ${project.provider} ${event} payload to run its command with (no hook of the package maps to it)`],
      });
      continue;
    }
    await clearCaptures(root, ids);
    const notes: string[] = [];
    for (const tool of toolNamesFor(project, event, recorded.payload["tool_name"])) {
      const payload = tool === undefined ? recorded.payload : { ...recorded.payload, tool_name: tool };
      for (const command of commands) {
        if (command.type !== "command") {
          notes.push(`a ${event} handler of type "${command.type}" is not a command; papc runs only commands`);
          continue;
        }
        const ran = await runOne(command.command, JSON.stringify(payload), root, environment, command.timeout, signal);
        result.leftovers.push(...ran.leftovers);
        if (ran.note) notes.push(`${tool === undefined ? "" : `with tool ${tool}: `}${ran.note}`);
      }
    }
    const runs = await readHandlerRuns(root, ids);
    result.events.set(event, { dispatched: ids.filter((id) => (runs.get(id)?.length ?? 0) > 0), notes });
  }
  await killLeftovers(root, ids);
  return result;
}

async function runOne(
  command: string,
  stdin: string,
  root: string,
  environment: Record<string, string>,
  timeoutSeconds: number | undefined,
  signal: AbortSignal | undefined,
): Promise<{ note?: string; leftovers: LeftoverProcess[] }> {
  const timeout = timeoutSeconds === undefined ? NO_TIMEOUT_MS : Math.min(timeoutSeconds * 1000, NO_TIMEOUT_MS) + GRACE_MS;
  // its own process group, in a cell: the dispatcher and whatever its handlers start end with it.
  // Its output is not read (the handlers' captures say what ran), so no descendant that holds
  // stdout open can keep papc waiting once the shell has ended.
  const cell = containment().newCell("projected");
  const child = cell.spawnInside(() =>
    execa("/bin/sh", ["-c", command], {
      detached: true,
      cwd: root,
      env: { ...process.env, ...environment, ...cell.environment },
      extendEnv: false,
      input: stdin,
      stdout: "ignore",
      stderr: "ignore",
      reject: false,
      timeout,
      ...(signal ? { cancelSignal: signal } : {}),
      forceKillAfterDelay: 1000,
    }),
  );
  const r = await child;
  try {
    if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
  } catch {
    // the group is gone
  }
  const leftovers = await cell.close(child.pid);
  if (r.timedOut) return { note: `the command ran past ${timeout} ms and was stopped`, leftovers };
  if (r.failed && typeof r.exitCode !== "number") return { note: `the command could not run: ${r.shortMessage}`, leftovers };
  return { leftovers };
}
