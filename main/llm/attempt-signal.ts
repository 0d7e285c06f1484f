/** One attempt's abort signal: the caller's cancel and the attempt's own timeout, joined. */
export interface AttemptSignal {
  signal: AbortSignal;
  /** The timeout, not the caller, ended the attempt. */
  timedOut(): boolean;
  /** Stops the timer and lets go of the caller's signal (after the attempt, however it ended). */
  dispose(): void;
}

/**
 * One controller, one timer and one listener, undone when the attempt ends. What it replaces,
 * `AbortSignal.any([signal, AbortSignal.timeout(ms)])`, made three signals per call, each with
 * the weak references and timer bookkeeping Node keeps for composed signals until a garbage
 * collection: measurable in a run of thousands of calls (docs/BENCHMARKS.md, "Runs engine").
 * The reason on a timeout is the same `TimeoutError` AbortSignal.timeout gives.
 */
export function attemptSignal(caller: AbortSignal | undefined, timeoutMs: number): AttemptSignal {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, timeoutMs);
  // As AbortSignal.timeout's: the timer alone does not keep the process running.
  timer.unref();
  const onAbort = () => controller.abort(caller?.reason);
  if (caller?.aborted) onAbort();
  else caller?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}
