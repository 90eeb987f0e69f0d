// The scripted model's answers: one queue per agent (root session, subagent), consumed in order.

import type { Provider } from "../../types/recording.js";
import type { Agent, ScenarioTurn, ToolCallTurn } from "../../types/scenario.js";

export const FALLBACK_TEXT = "Done.";

export class TurnScript {
  private readonly queues: Record<Agent, ScenarioTurn[]>;

  constructor(turns: readonly ScenarioTurn[], provider: Provider) {
    const mine = turns.filter((t) => !t.providers || t.providers.includes(provider));
    this.queues = {
      root: mine.filter((t) => (t.agent ?? "root") === "root"),
      subagent: mine.filter((t) => t.agent === "subagent"),
    };
  }

  /** The next turn of this agent, or undefined when its turns are used up (answer with plain text). */
  next(agent: Agent): ScenarioTurn | undefined {
    return this.queues[agent].shift();
  }

  remaining(agent: Agent): number {
    return this.queues[agent].length;
  }
}

export function isToolCall(turn: ScenarioTurn): turn is ToolCallTurn {
  return "tool" in turn;
}

/** A string argument of a tool call turn ("" when absent). */
export function stringArg(turn: ToolCallTurn, name: string): string {
  const v = turn.arguments?.[name];
  return typeof v === "string" ? v : "";
}
