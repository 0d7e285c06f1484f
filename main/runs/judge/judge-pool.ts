import { WorkbenchError } from '../../../shared/api/result';
import type { JudgementStatus } from '../../../shared/runs/judge';
import { stopsJudging } from './judge-call';

/** Counts of one judging pass (pointwise or pairwise), filled as tasks finish. */
export interface PoolCounts {
  asked: number;
  unreadable: number;
  refused: number;
  failed: number;
  /** Not attempted: judging stopped first (a failure every call would hit). */
  notAsked: number;
  firstError: string | null;
  inputTokens: number;
  outputTokens: number;
}

export interface PoolProgress {
  /** Tasks finished in this pass (asked or failed). */
  done: number;
  /** Tasks in this pass. */
  total: number;
  failed: number;
}

/** What one task stored (its tokens count even when the reply was unreadable). */
export interface TaskResult {
  status: JudgementStatus;
  inputTokens: number;
  outputTokens: number;
}

export const DEFAULT_JUDGE_CONCURRENCY = 4;

export const noCalls = (): PoolCounts => ({
  asked: 0,
  unreadable: 0,
  refused: 0,
  failed: 0,
  notAsked: 0,
  firstError: null,
  inputTokens: 0,
  outputTokens: 0,
});

/**
 * Runs judge tasks with at most `concurrency` in flight; each stores its own judgement when it
 * returns. A failed call fails its task only (nothing stored: the next pass asks it again),
 * unless the failure stops every call (model gone, key refused, offline): then nothing new
 * starts and the rest count as `notAsked`. A cancel
 * (`signal`) aborts the calls in flight and throws `cancelled`.
 */
export async function runJudgePool<T>(
  tasks: readonly T[],
  options: {
    concurrency?: number;
    signal: AbortSignal;
    label: (t: T) => string;
    onProgress?: (p: PoolProgress) => void;
  },
  work: (task: T, signal: AbortSignal) => Promise<TaskResult>,
): Promise<PoolCounts> {
  const counts = noCalls();
  let next = 0;
  let done = 0;
  let stop = false;
  const worker = async () => {
    while (next < tasks.length && !stop && !options.signal.aborted) {
      const task = tasks[next++]!;
      try {
        const r = await work(task, options.signal);
        counts.asked++;
        if (r.status === 'unreadable') counts.unreadable++;
        if (r.status === 'refused') counts.refused++;
        counts.inputTokens += r.inputTokens;
        counts.outputTokens += r.outputTokens;
      } catch (e) {
        if (options.signal.aborted) break;
        counts.failed++;
        const message = `${options.label(task)}: ${(e as Error).message ?? String(e)}`;
        // The error that stopped judging is the one to report, whatever failed before it.
        if (stopsJudging(e)) {
          stop = true;
          counts.firstError = message;
        } else counts.firstError ??= message;
      }
      done++;
      options.onProgress?.({ done, total: tasks.length, failed: counts.failed });
    }
  };
  const width = Math.max(
    1,
    Math.min(options.concurrency ?? DEFAULT_JUDGE_CONCURRENCY, tasks.length),
  );
  await Promise.all(Array.from({ length: width }, worker));
  if (options.signal.aborted)
    throw new WorkbenchError(
      'cancelled',
      `judging cancelled after ${done} of ${tasks.length} judgements (those stored are kept; the same command continues)`,
    );
  counts.notAsked = tasks.length - done;
  return counts;
}
