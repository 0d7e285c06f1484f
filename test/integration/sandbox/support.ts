import { expect } from 'vitest';
import { Sandbox, type SandboxOptions } from '../../../main/sandbox';
import type {
  SandboxErrorKind,
  SandboxResult,
  SandboxRunOptions,
  SandboxTable,
} from '../../../shared/sandbox/types';

/** Short limits so a suite of runaway programs finishes quickly. */
export function hostileSandbox(options: SandboxOptions = {}): Sandbox {
  return new Sandbox({
    ...options,
    limits: { timeoutMs: 300, memoryBytes: 16 * 1024 * 1024, ...options.limits },
    graceMs: options.graceMs ?? 250,
  });
}

/** A normal finance program: NPV of four cash flows at 8%. */
export const CANARY = `function solution() {
  const cashFlows = [-1000, 300, 400, 500];
  let npv = 0;
  for (let t = 0; t < cashFlows.length; t++) npv += cashFlows[t] / Math.pow(1.08, t);
  return Math.round(npv * 100) / 100;
}`;
const CANARY_VALUE =
  Math.round((-1000 + 300 / 1.08 + 400 / 1.08 ** 2 + 500 / 1.08 ** 3) * 100) / 100;

/**
 * The next program after a hostile one runs normally and fast: the right answer, quickly inside
 * the worker (it takes ~0.3 ms; 250 ms leaves room for a loaded machine, not for a worker still
 * busy with the hostile program), and promptly end to end (a few seconds allows for a
 * replacement worker starting after the watchdog terminated one).
 */
export async function expectHealthy(sandbox: Sandbox): Promise<void> {
  const started = performance.now();
  const result = await sandbox.run(CANARY);
  expect(result).toMatchObject({ ok: true, value: CANARY_VALUE });
  expect(result.durationMs).toBeLessThan(250);
  expect(performance.now() - started).toBeLessThan(5000);
}

export type Expectation =
  SandboxErrorKind | readonly SandboxErrorKind[] | ((r: SandboxResult) => void);

export interface HostileCase {
  name: string;
  program: string;
  expect: Expectation;
  options?: SandboxRunOptions;
}

export function check(result: SandboxResult, expectation: Expectation): void {
  if (typeof expectation === 'function') {
    expectation(result);
    return;
  }
  const kinds: readonly SandboxErrorKind[] =
    typeof expectation === 'string' ? [expectation] : expectation;
  expect(result.ok, JSON.stringify(result).slice(0, 300)).toBe(false);
  if (!result.ok) expect(kinds).toContain(result.error.kind);
}

/** The host's event loop gaps while `work` runs: a sandboxed program must never block it. */
export async function withLoopWatch<T>(
  work: () => Promise<T>,
): Promise<{ value: T; maxGapMs: number; ticks: number }> {
  let last = performance.now();
  let maxGapMs = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
    ticks++;
  }, 5);
  try {
    const value = await work();
    return { value, maxGapMs, ticks };
  } finally {
    clearInterval(timer);
  }
}

export const SEGMENTS: SandboxTable = {
  id: 'segments',
  cells: [
    { rowPath: ['Aerospace Systems', 'Sales'], colPath: ['2018'], value: 13187 },
    { rowPath: ['Aerospace Systems', 'Sales'], colPath: ['2017'], value: 12131 },
    { rowPath: ['Mission Systems', 'Sales'], colPath: ['2018'], value: 11709 },
    { rowPath: ['Total sales'], colPath: ['2018'], value: 30095 },
    { rowPath: ['Total sales'], colPath: ['2017'], value: null },
  ],
};
