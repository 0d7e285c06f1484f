/**
 * Limits of one sandboxed run. Defaults are sized for the small finance programs models write
 * (they run in well under a millisecond); the clamps keep a caller from switching a limit off.
 */

export interface SandboxLimits {
  timeoutMs: number;
  memoryBytes: number;
  /**
   * QuickJS stack limit. Never above 256 KiB: with a larger limit deep recursion overflows the
   * host's native stack first, which throws a host RangeError and corrupts the runtime.
   */
  stackBytes: number;
  /** Longest string result accepted, in UTF-16 code units. */
  maxOutputChars: number;
  maxTraceEntries: number;
  maxLogChars: number;
  seed: number;
  nowMs: number;
}

export const MAX_STACK_BYTES = 256 * 1024;

export const DEFAULT_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  timeoutMs: 1000,
  memoryBytes: 32 * 1024 * 1024,
  stackBytes: MAX_STACK_BYTES,
  maxOutputChars: 10_000,
  maxTraceEntries: 10_000,
  maxLogChars: 16_384,
  seed: 20240101,
  // 2024-01-01T00:00:00Z: a fixed "now" so programs that read the clock stay reproducible.
  nowMs: Date.UTC(2024, 0, 1),
});

const clamp = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, value));

/** Defaults overlaid with the caller's values, each forced into a safe range. */
export function resolveLimits(overrides: Partial<SandboxLimits> = {}): SandboxLimits {
  const pick = (key: keyof SandboxLimits): number => {
    const v = overrides[key];
    return typeof v === 'number' && Number.isFinite(v) ? v : DEFAULT_LIMITS[key];
  };
  return {
    timeoutMs: clamp(Math.round(pick('timeoutMs')), 1, 10 * 60_000),
    // Below ~1 MiB a fresh QuickJS context cannot even install its built-ins.
    memoryBytes: clamp(Math.round(pick('memoryBytes')), 1024 * 1024, 2 * 1024 * 1024 * 1024),
    stackBytes: clamp(Math.round(pick('stackBytes')), 16 * 1024, MAX_STACK_BYTES),
    maxOutputChars: clamp(Math.round(pick('maxOutputChars')), 1, 10_000_000),
    maxTraceEntries: clamp(Math.round(pick('maxTraceEntries')), 0, 1_000_000),
    maxLogChars: clamp(Math.round(pick('maxLogChars')), 0, 10_000_000),
    seed: pick('seed') >>> 0,
    nowMs: Math.round(pick('nowMs')),
  };
}
