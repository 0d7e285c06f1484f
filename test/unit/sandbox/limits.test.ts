import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, MAX_STACK_BYTES, resolveLimits } from '../../../shared/sandbox/limits';

describe('resolveLimits', () => {
  it('fills defaults and keeps valid overrides', () => {
    expect(resolveLimits()).toEqual(DEFAULT_LIMITS);
    expect(resolveLimits({ timeoutMs: 50, seed: 7 })).toMatchObject({ timeoutMs: 50, seed: 7 });
  });

  it('never lets a caller switch a limit off or raise the stack past 256 KiB', () => {
    const r = resolveLimits({
      timeoutMs: 0,
      memoryBytes: -1,
      stackBytes: 8 * 1024 * 1024,
      maxOutputChars: Number.POSITIVE_INFINITY,
    });
    expect(r.timeoutMs).toBe(1);
    expect(r.memoryBytes).toBe(1024 * 1024);
    expect(r.stackBytes).toBe(MAX_STACK_BYTES);
    expect(r.maxOutputChars).toBe(DEFAULT_LIMITS.maxOutputChars);
    expect(resolveLimits({ timeoutMs: Number.NaN }).timeoutMs).toBe(DEFAULT_LIMITS.timeoutMs);
  });
});
