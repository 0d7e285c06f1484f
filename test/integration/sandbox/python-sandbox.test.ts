import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PythonSandbox, type PythonResult } from '../../../main/sandbox/python';

/**
 * The Python sandbox on ordinary programs: DocMath-Eval's solution() convention and its
 * fallbacks, values converted to JSON, printing, fresh globals per program with one
 * interpreter, and a deadline met by interrupting (the loaded worker is kept).
 */

let sandbox: PythonSandbox;

beforeAll(async () => {
  sandbox = new PythonSandbox({ workers: 1, limits: { timeoutMs: 1000 } });
  await sandbox.warmUp();
});

afterAll(async () => {
  await sandbox.close();
});

const ok = (r: PythonResult) => {
  expect(r, JSON.stringify(r).slice(0, 300)).toMatchObject({ ok: true });
  return r as PythonResult & { ok: true };
};

describe('Python sandbox', () => {
  it('returns solution() (FinanceMath gold program)', async () => {
    const r = ok(
      await sandbox.run(
        'def solution():\n    truck_value = 57000\n    depreciation_rate = 0.20\n    years = 3\n    land_value = 21000\n    truck_carrying_value = truck_value * ((1 - depreciation_rate)**years)\n    return land_value - truck_carrying_value',
      ),
    );
    expect(r.value).toBeCloseTo(-8184, 6);
    expect(r.source).toBe('solution');
  });

  it('falls back to answer, then ans', async () => {
    expect(ok(await sandbox.run('answer = 2 ** 10')).source).toBe('answer');
    expect(ok(await sandbox.run('ans = 7 / 2')).value).toBe(3.5);
    const none = await sandbox.run('x = 1');
    expect(none).toMatchObject({ ok: false, error: { kind: 'python-error' } });
  });

  it('converts values to JSON: lists, Decimal, Fraction, None, big ints, nan', async () => {
    const [list, dec, frac, none, big, nan] = await sandbox.runMany([
      'answer = (1, [2.5, "x"], True)',
      'import decimal\nanswer = decimal.Decimal("1.25")',
      'from fractions import Fraction\nanswer = Fraction(1, 4)',
      'def solution():\n    return None',
      'answer = 3 ** 60',
      "answer = float('nan')",
    ]);
    expect(ok(list!).value).toEqual([1, [2.5, 'x'], true]);
    expect(ok(dec!).value).toBe(1.25);
    expect(ok(frac!).value).toBe(0.25);
    expect(ok(none!).value).toBeNull();
    expect(ok(big!).value).toBe(3 ** 60);
    expect(ok(nan!).value).toBe('nan');
  });

  it('captures printed text with the result', async () => {
    const r = ok(await sandbox.run('print("npv", 12.5)\nprint("done", end="!")\nanswer = 1'));
    expect(r.logs).toBe('npv 12.5\ndone!');
    expect(r.logsTruncated).toBe(false);
  });

  it('gives each program fresh globals and unchanged modules', async () => {
    const [a, b, c, d] = await sandbox.runMany([
      'import math\nmath.floor = None\nrate = 5\nanswer = 1',
      'import math\nanswer = [math.floor(2.5), "rate" in dir()]',
      'import decimal\ndecimal.getcontext().prec = 3\nfrom fractions import Fraction\nFraction.extra = 1\nanswer = 1',
      'import decimal\nfrom fractions import Fraction\nanswer = [str(decimal.Decimal(1) / decimal.Decimal(7)), hasattr(Fraction, "extra")]',
    ]);
    ok(a!);
    expect(ok(b!).value).toEqual([2, false]);
    ok(c!);
    expect(ok(d!).value).toEqual(['0.1428571428571428571428571429', false]);
  });

  it('seeds random the same way for every program', async () => {
    const [a, b] = await sandbox.runMany([
      'import random\nanswer = random.random()',
      'import random\nanswer = random.random()',
    ]);
    expect(ok(a!).value).toBe(ok(b!).value);
  });

  it('reports Python errors with their type and line', async () => {
    const [div, syntax] = await sandbox.runMany([
      'def solution():\n    return 1 / 0',
      'def solution(:\n  pass',
    ]);
    expect(div).toMatchObject({
      ok: false,
      error: { kind: 'python-error', message: 'ZeroDivisionError: division by zero' },
    });
    expect(syntax).toMatchObject({ ok: false, error: { kind: 'python-error' } });
    expect((syntax as { error: { message: string } }).error.message).toMatch(
      /^SyntaxError: .*line 1/,
    );
  });

  it('interrupts a loop at its deadline and keeps the loaded worker', async () => {
    const before = sandbox.stats.workersStarted;
    const started = performance.now();
    const r = await sandbox.run('while True:\n    pass', { timeoutMs: 200 });
    expect(r).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(performance.now() - started).toBeLessThan(200 + 500 + 300);
    expect(sandbox.stats.workersStarted).toBe(before);
    expect(ok(await sandbox.run('answer = 42')).value).toBe(42);
  });
});
