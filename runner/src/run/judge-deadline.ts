// Judging has its own time bound (KIT-JUDGE-TIMEOUT): after the reply, papc reads what the
// implementation left (captures, checked files, the fixture tree) and compares. Reads are bounded
// one by one (KIT-READ-BOUNDED), but a tree of a million files would still take minutes; past
// the bound the case is an error and the run goes on. The abandoned work is told to stop (its
// signal is aborted: a live case's harness is killed) and otherwise ends on its own once the
// fixture is removed.

export const JUDGE_TIMEOUT_MS = 30_000;

export class JudgeTimeout extends Error {}

export function withinJudgeTime<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const abandoned = new AbortController();
  const running = work(abandoned.signal);
  running.catch(() => undefined); // a late failure of abandoned work is nobody's
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abandoned.abort();
      reject(new JudgeTimeout(`judging what the implementation left took longer than ${ms} ms; papc stopped reading it`));
    }, ms);
  });
  return Promise.race([running, deadline]).finally(() => clearTimeout(timer));
}
