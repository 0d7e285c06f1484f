import { WorkbenchError } from '../../../shared/api/result';

/** Questions in a row that could not connect before a run pauses, whatever a check says. */
export const BREAKER_FAILURES = 3;
/** Checks of the endpoint at most this often while connections fail. */
export const BREAKER_CHECK_GAP_MS = 1000;

/** Errors of an endpoint check that mean "down" (anything the server answers means "up"). */
const DOWN_CODES: ReadonlySet<string> = new Set(['llm-unreachable', 'llm-timeout']);

export interface BreakerOptions {
  /** Checks whether the endpoint answers (LlmService.probe with `reachOnly`); throws when not. */
  check?: (signal: AbortSignal) => Promise<unknown>;
  /** Called once, with why: the run pauses (no new question, those in flight stopped). */
  trip: (reason: string) => void;
  /** Aborts a check in flight (the run stopped). */
  signal: AbortSignal;
  failures?: number;
  checkGapMs?: number;
  now?: () => number;
}

/**
 * A run's circuit breaker (issue 25): an endpoint that stops answering pauses the run instead of
 * failing every remaining question. It opens on connection failures only (refused, reset, DNS,
 * TLS: LlmService's `llm-unreachable`), never on the model's own errors (HTTP 4xx/5xx, whose
 * retries LlmService owns): either `failures` questions in a row could not connect, or one
 * connection failed (a question given up, or a retry on the way) and a check of the endpoint
 * (one `GET /models`, no retries) cannot reach it either. A question that timed out without an
 * answer asks for the same check (`suspect`): an endpoint that accepts connections and never
 * answers fails it too. A question that connects (or gets any answer from the server) closes
 * the count again.
 */
export class CircuitBreaker {
  private consecutive = 0;
  private checking = false;
  private lastCheck = -Infinity;
  private open = false;
  private readonly failures: number;
  private readonly gapMs: number;
  private readonly now: () => number;

  constructor(private readonly o: BreakerOptions) {
    this.failures = o.failures ?? BREAKER_FAILURES;
    this.gapMs = o.checkGapMs ?? BREAKER_CHECK_GAP_MS;
    this.now = o.now ?? (() => performance.now());
  }

  get tripped(): boolean {
    return this.open;
  }

  /** The endpoint answered (an answer, or an HTTP error): the count starts again. */
  reached(): void {
    this.consecutive = 0;
  }

  /** A question gave up because it could not connect (after LlmService's retries). */
  failed(e: WorkbenchError): void {
    if (this.open) return;
    this.consecutive++;
    if (this.consecutive >= this.failures)
      return this.trip(`${e.message} (${this.consecutive} questions in a row could not connect)`);
    this.suspect();
  }

  /**
   * A connection failed (a retry is on its way, or a question gave up) or a question timed out:
   * check the endpoint now, unless a check runs or ran within the last `checkGapMs`.
   */
  suspect(): void {
    const check = this.o.check;
    if (this.open || this.checking || !check || this.o.signal.aborted) return;
    const now = this.now();
    if (now - this.lastCheck < this.gapMs) return;
    this.lastCheck = now;
    this.checking = true;
    check(this.o.signal)
      .then(
        () => undefined,
        (e: unknown) => {
          if (this.o.signal.aborted) return;
          if (e instanceof WorkbenchError && DOWN_CODES.has(e.code)) this.trip(e.message);
        },
      )
      .finally(() => {
        this.checking = false;
      });
  }

  private trip(reason: string): void {
    if (this.open) return;
    this.open = true;
    this.o.trip(reason);
  }
}
