// KIT-JUDGE-TIMEOUT: judging past its bound is abandoned, and the abandoned work is told to stop
// (its signal aborted), so that a live case's harness does not run on after its case is over.

import { describe, expect, it } from "vitest";
import { JudgeTimeout, withinJudgeTime } from "../src/run/judge-deadline.js";

describe("withinJudgeTime", () => {
  it("aborts the work's signal at the bound and rejects with JudgeTimeout", async () => {
    let seen: AbortSignal | undefined;
    const never = (signal: AbortSignal) => {
      seen = signal;
      return new Promise<never>(() => {});
    };
    await expect(withinJudgeTime(never, 50)).rejects.toBeInstanceOf(JudgeTimeout);
    expect(seen?.aborted).toBe(true);
  });

  it("leaves the signal alone when the work ends in time", async () => {
    let seen: AbortSignal | undefined;
    const value = await withinJudgeTime(async (signal) => {
      seen = signal;
      return 7;
    }, 1000);
    expect(value).toBe(7);
    expect(seen?.aborted).toBe(false);
  });
});
