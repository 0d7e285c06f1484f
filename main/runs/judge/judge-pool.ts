import { WorkbenchError } from '../../../shared/api/result';
import type { JudgementStatus } from '../../../shared/runs/judge';
import { Slots } from '../../jobs/slots';
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
 * Runs judge tasks with at most `concurrency` in flight (the main process's one limiter,
 * `Slots.each`); each stores its own judgement when it returns. A failed call fails its task
 * only (nothing stored: the next pass asks it again), unless the failure stops every call
 * (model gone, key refused, offline): then nothing new starts and the rest count as
 * `notAsked`. A cancel (`signal`) aborts the calls in flight and throws `cancelled`.
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
  let done = 0;
  let stop = false;
  const one = async (task: T) => {
    try {
      const r = await work(task, options.signal);
      counts.asked++;
      if (r.status === 'unreadable') counts.unreadable++;
      if (r.status === 'refused') counts.refused++;
      counts.inputTokens += r.inputTokens;
      counts.outputTokens += r.outputTokens;
    } catch (e) {
      if (options.signal.aborted) return;
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
  };
  const slots = new Slots(
    Math.max(1, Math.floor(options.concurrency ?? DEFAULT_JUDGE_CONCURRENCY)),
  );
  await slots.each(tasks, one, { signal: options.signal, stop: () => stop });
  if (options.signal.aborted)
    throw new WorkbenchError(
      'cancelled',
      `judging cancelled after ${done} of ${tasks.length} judgements (those stored are kept; the same command continues)`,
    );
  counts.notAsked = tasks.length - done;
  return counts;
}
