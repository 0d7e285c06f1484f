/**
 * Runs `work` while a ticker on this thread's event loop measures the longest gap between its
 * ticks: how long the loop (the API, in main) could not answer. The ticker runs a little past
 * the end so a stall at the very end is seen too.
 */
export async function withStallMeter<T>(
  work: () => Promise<T>,
  tickMs = 5,
): Promise<{ value: T; ms: number; longestStallMs: number }> {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, tickMs);
  try {
    const t0 = performance.now();
    const value = await work();
    const ms = performance.now() - t0;
    await new Promise((resolve) => setTimeout(resolve, 6 * tickMs));
    return { value, ms, longestStallMs: longest };
  } finally {
    clearInterval(ticker);
  }
}
