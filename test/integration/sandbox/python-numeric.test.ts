import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PythonSandbox, type PythonResult } from '../../../main/sandbox/python';

/**
 * The numpy/scipy subset inside the Pyodide sandbox: the imports programs write, values as
 * numpy 2.4.6 / scipy 1.17.1 give them (expected numbers computed with python3 and hard-coded
 * here), arrays converted to lists, a clear error for what the subset lacks, and no state
 * carried from one program to the next.
 */

let sandbox: PythonSandbox;

beforeAll(async () => {
  sandbox = new PythonSandbox({ workers: 1 });
  await sandbox.warmUp();
});

afterAll(async () => {
  await sandbox.close();
});

function value(r: PythonResult): unknown {
  if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`);
  return r.value;
}

function errorOf(r: PythonResult): { kind: string; message: string } {
  if (r.ok) throw new Error(`expected an error, got ${JSON.stringify(r.value)}`);
  return r.error;
}

const CLOSE: [string, number][] = [
  [
    'import numpy as np\nanswer = np.std(np.array([-3, -11, 3, -18, 18, 20, -6, 9, 2, -16]), ddof=1)',
    13.180794108601095,
  ],
  ['from scipy.stats import norm\nanswer = norm.ppf(0.99)', 2.3263478740408408],
  [
    'import scipy.stats as stats\nanswer = stats.norm.cdf(100000, 80000, 25000)',
    0.7881446014166034,
  ],
  ['import scipy.stats\nanswer = scipy.stats.poisson.pmf(1, 2.5)', 0.205212496559747],
  ['from scipy.stats import binom\nanswer = binom.cdf(3, 10, 0.25)', 0.7758750915527344],
  ['from scipy.stats import t\nanswer = t.ppf(0.975, 10)', 2.228138851986274],
  ['from scipy.special import erfc\nanswer = erfc(0.5)', 0.4795001221869535],
  ['import numpy as np\nanswer = np.percentile([3, 1, 4, 1, 5, 9, 2, 6], 90)', 6.8999999999999995],
  ['import numpy as np\nanswer = np.exp(0.05 * np.sqrt(252))', 2.2116202535666774],
  [
    'import numpy as np\nimport scipy.stats as ss\nanswer = -1e6 * ss.norm(0, 1).ppf(0.05) * 0.02 / np.sqrt(10)',
    10402.967757511151,
  ],
];

describe('numpy/scipy subset in the sandbox', () => {
  it('gives numpy/scipy values to ~1e-12', async () => {
    const results = await sandbox.runMany(CLOSE.map(([p]) => p));
    CLOSE.forEach(([program, want], i) => {
      const got = value(results[i]!) as number;
      expect(Math.abs(got - want), program).toBeLessThanOrEqual(1e-12 * Math.abs(want));
    });
  });

  it('returns arrays as lists and numpy-style scalars as numbers', async () => {
    const [a, b, c, d] = await sandbox.runMany([
      'import numpy as np\nanswer = np.cumsum(np.array([1, 2, 3])) * 2',
      'import numpy as np\nanswer = np.linspace(0, 1, 5)',
      'import numpy as np\nx = np.arange(6)\nanswer = x[x > 2].sum()',
      'import numpy as np\nanswer = np.float64(2) ** 3 + np.dot([1, 2, 3], [4, 5, 6])',
    ]);
    expect(value(a!)).toEqual([2, 6, 12]);
    expect(value(b!)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(value(c!)).toBe(12);
    expect(value(d!)).toBe(40);
  });

  it('names what the subset lacks', async () => {
    const [fn, mod, from] = await sandbox.runMany([
      'import numpy as np\nanswer = np.linalg.inv([[1.0]])',
      'import scipy.optimize',
      'from scipy.stats import gamma\nanswer = gamma.cdf(1, 2)',
    ]);
    expect(fn).toMatchObject({
      ok: false,
      error: {
        kind: 'python-error',
        message:
          "NotInSubset: numpy.linalg.inv is not in the sandbox's numpy subset (docs/runs.md lists what is)",
      },
    });
    expect(errorOf(mod!).kind).toBe('refused-module');
    expect(errorOf(mod!).message).toMatch(/^scipy\.optimize is not in the sandbox's scipy subset/);
    expect(errorOf(from!).message).toContain('scipy.stats.gamma.cdf is not in');
  });

  it('keeps no state from one program to the next', async () => {
    const [patch, instance, module, after] = await sandbox.runMany([
      'import numpy as np\nnp.ndarray.sum = lambda self: 0',
      'from scipy.stats import norm\nnorm.cdf = lambda x: 0',
      'import numpy as np\nnp.pi = 3\nanswer = np.pi',
      'import numpy as np\nfrom scipy.stats import norm\nanswer = [np.array([1, 2]).sum(), np.pi, norm.cdf(0)]',
    ]);
    expect(patch).toMatchObject({ ok: false, error: { message: /cannot be changed/ } });
    expect(instance).toMatchObject({ ok: false, error: { message: /read-only/ } });
    // A program's module is its own copy: changing it changes nothing for the next one.
    expect(value(module!)).toBe(3);
    expect(value(after!)).toEqual([3, Math.PI, 0.5]);
  });
});
