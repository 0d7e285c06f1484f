import type { RunItem, RunProgress, RunStatus } from '../../../shared/runs/run';
import { compact } from '../../../shared/util/compact';

/**
 * A run's counts for `run.progress`: items committed (answered, failed), tokens and cost over
 * every committed item (those of earlier sessions included, read back at resume), and an ETA
 * from this session's rate.
 */
export class RunMeter {
  done = 0;
  failed = 0;
  inputTokens = 0;
  outputTokens = 0;
  costUsd: number | null = null;
  cached = 0;
  /** Items committed in this session (the rate for the ETA). */
  private session = 0;
  private readonly started: number;

  constructor(
    readonly runId: number,
    readonly total: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.started = now();
  }

  /** An item committed by an earlier session (resume) or by this one. */
  count(failed: boolean, usage: RunItem['usage'], thisSession: boolean): void {
    if (failed) this.failed++;
    else this.done++;
    if (thisSession) this.session++;
    if (!usage) return;
    this.inputTokens += usage.inputTokens ?? 0;
    this.outputTokens += usage.outputTokens ?? 0;
    if (usage.costUsd !== undefined) this.costUsd = (this.costUsd ?? 0) + usage.costUsd;
  }

  /** A failed item of an earlier attempt was replaced by this one. */
  uncountFailed(): void {
    this.failed = Math.max(0, this.failed - 1);
  }

  get remaining(): number {
    return Math.max(0, this.total - this.done - this.failed);
  }

  /** Questions per second committed in this session. */
  rate(): number {
    const s = (this.now() - this.started) / 1000;
    return s > 0 ? this.session / s : 0;
  }

  snapshot(status: RunStatus, concurrency: number, message?: string): RunProgress {
    const rate = this.rate();
    return {
      runId: this.runId,
      status,
      done: this.done,
      failed: this.failed,
      remaining: this.remaining,
      total: this.total,
      inputTokens: this.inputTokens,
      outputTokens: this.outputTokens,
      costUsd: this.costUsd,
      etaMs: this.session > 0 && rate > 0 ? Math.round((1000 * this.remaining) / rate) : null,
      concurrency,
      cached: this.cached,
      ...compact({ message }),
    };
  }
}
