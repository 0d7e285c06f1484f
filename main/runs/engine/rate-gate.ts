import { sleep } from '../../llm/retry-policy';

/**
 * Requests per minute, spread evenly: each model call the run makes waits for its turn, one
 * every 60000/rpm ms (no burst at the start of a minute that a per-second limit would refuse).
 * Calls answered from the response cache pass through it too (the gate sits in front of the
 * client, which alone knows a cache hit); LlmService's own retries wait on Retry-After instead.
 */
export class RateGate {
  private next = 0;
  private readonly spacingMs: number;

  constructor(
    rpm: number | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.spacingMs = rpm === undefined ? 0 : 60_000 / rpm;
  }

  /** Resolves when this call may start; rejects with the signal's reason if it aborts first. */
  async turn(signal?: AbortSignal): Promise<void> {
    if (this.spacingMs === 0) return;
    const now = this.now();
    const at = Math.max(now, this.next);
    this.next = at + this.spacingMs;
    if (at > now) await sleep(at - now, signal);
  }
}
