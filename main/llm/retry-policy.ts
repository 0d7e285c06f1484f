/**
 * When to try a model call again and how long to wait (after openai-node's own policy, which we
 * switch off so there is one retry owner): 408/409/429/5xx and connection failures are retried;
 * the server's Retry-After (seconds or an HTTP date, or retry-after-ms) is honoured up to 60 s;
 * otherwise the wait doubles from 0.5 s to at most 8 s, minus up to 25% jitter so clients that
 * failed together do not return together.
 */
export const MAX_RETRY_AFTER_MS = 60_000;
const INITIAL_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The server's requested wait in ms, or undefined when absent, unparsable or over 60 s. */
export function retryAfterMs(
  headers: { get(name: string): string | null } | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '') {
    const n = Number(ms);
    if (Number.isFinite(n) && n >= 0 && n <= MAX_RETRY_AFTER_MS) return n;
  }
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  let wait: number;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) {
    wait = Number(value) * 1000;
  } else {
    const at = Date.parse(value);
    if (Number.isNaN(at)) return undefined;
    wait = Math.max(0, at - now);
  }
  // Longer than a minute: the server is saying "not soon"; backing off our way is kinder than
  // freezing an ask for many minutes.
  return wait <= MAX_RETRY_AFTER_MS ? wait : undefined;
}

/** Jittered exponential backoff for retry number `retry` (0 for the first retry). */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  const base = Math.min(INITIAL_BACKOFF_MS * 2 ** retry, MAX_BACKOFF_MS);
  return Math.round(base * (1 - 0.25 * random()));
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
