import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NUMERIC_SUBSET_SOURCE } from '../../../main/sandbox/python/numeric-subset-source';

/**
 * The sandbox's numpy/scipy subset, run in the machine's python3 (the same source Pyodide runs)
 * and compared with python3's own numbers: statistics.NormalDist, math, closed forms and exact
 * Fractions always; the real numpy and scipy too when python3 has them (they are not needed).
 * The check script prints the worst relative error of each function over its points.
 */

const CHECKS = String.raw`
import json, math, random, sys
from fractions import Fraction
from statistics import NormalDist
src = sys.stdin.read()
exec(compile(src, 'numeric-subset', 'exec'), {'__name__': 'numeric_subset'})
np, st, sp = (sys.modules.pop(k) for k in ('numpy', 'scipy.stats', 'scipy.special'))
sys.modules.pop('scipy')
worst = {}
def rel(name, ours, want, floor=1e-300):
    ours, want = float(ours), float(want)
    e = 0.0 if ours == want else abs(ours - want) / max(abs(want), floor)
    worst[name] = max(worst.get(name, 0.0), e)
rng = random.Random(7)
nd = NormalDist()
for i in range(400):
    p = rng.random() ** (1 if i % 2 else 12)
    if 0 < p < 1:
        rel('norm.ppf~NormalDist.inv_cdf', st.norm.ppf(p), nd.inv_cdf(p))
    z = rng.uniform(-8, 8)
    # NormalDist.cdf is 0.5 * (1 + erf), which loses relative precision far in the lower tail.
    if z > -2.5:
        rel('norm.cdf~NormalDist.cdf', st.norm.cdf(z), nd.cdf(z))
    rel('norm.pdf~NormalDist.pdf', st.norm.pdf(z, 1.5, 2), NormalDist(1.5, 2).pdf(z))
    t = rng.uniform(-50, 50)
    rel('t.cdf df=1~atan', st.t.cdf(t, 1), 0.5 + math.atan(t) / math.pi)
    rel('t.cdf df=2~closed form', st.t.cdf(t, 2), 0.5 + t / (2 * math.sqrt(2 + t * t)))
    if 1e-9 < p < 1 - 1e-9:
        # The Cauchy quantile, as -cot(pi p): tan(pi (p - 0.5)) is ill-conditioned in the tails.
        rel('t.ppf df=1~cot', st.t.ppf(p, 1), -1 / math.tan(math.pi * p) if p < 0.5 else 1 / math.tan(math.pi * (1 - p)))
    n = rng.randint(1, 60); k = rng.randint(0, n); q = Fraction(rng.randint(1, 99), 100)
    rel('binom.pmf~Fraction', st.binom.pmf(k, n, float(q)), math.comb(n, k) * q**k * (1 - q)**(n - k))
    rel('binom.cdf~Fraction', st.binom.cdf(k, n, float(q)),
        sum(math.comb(n, j) * q**j * (1 - q)**(n - j) for j in range(k + 1)))
    mu = rng.uniform(0.1, 30); kk = rng.randint(0, 60)
    rel('poisson.pmf~math', st.poisson.pmf(kk, mu), math.exp(-mu) * mu**kk / math.factorial(kk))
    xs = [rng.gauss(0, 1) * 10 ** rng.randint(0, 4) for _ in range(rng.randint(2, 20))]
    fx = [Fraction(x) for x in xs]
    m = sum(fx) / len(fx)
    rel('mean~Fraction', np.mean(xs), m)
    rel('var~Fraction', np.var(xs), sum((x - m) ** 2 for x in fx) / len(fx))
    rel('std(ddof=1)~Fraction', np.std(xs, ddof=1), math.sqrt(sum((x - m) ** 2 for x in fx) / (len(fx) - 1)))
    rel('erf~math', sp.erf(z / 4), math.erf(z / 4))
    rel('lognorm.cdf~NormalDist', st.lognorm.cdf(abs(z) + 0.1, 0.7, scale=2), nd.cdf(math.log((abs(z) + 0.1) / 2) / 0.7))
try:
    import numpy as rnp, scipy.stats as rst, scipy.special as rsp
except ImportError:
    real = False
else:
    real = True
    for i in range(300):
        p = rng.random() ** (1 if i % 2 else 12)
        df = rng.choice([1, 2.5, 3, 5, 10, 30, 120])
        x = rng.uniform(-15, 15)
        rel('t.cdf~scipy', st.t.cdf(x, df), rst.t.cdf(x, df))
        rel('t.ppf~scipy', st.t.ppf(p, df), rst.t.ppf(p, df))
        rel('norm.sf~scipy', st.norm.sf(x), rst.norm.sf(x))
        rel('betainc~scipy', sp.betainc(df, 2.5, p), rsp.betainc(df, 2.5, p))
        xs = [rng.gauss(0, 1) for _ in range(rng.randint(2, 20))]
        q = rng.uniform(0, 100)
        rel('percentile~numpy', np.percentile(xs, q), rnp.percentile(xs, q), 1e-3)
        rel('median~numpy', np.median(xs), rnp.median(xs), 1e-3)
        rel('linspace~numpy', np.linspace(0, x, 7)[3], rnp.linspace(0, x, 7)[3], 1e-3)
print(json.dumps({'real': real, 'worst': worst}))
`;

function runChecks(): { real: boolean; worst: Record<string, number> } | string {
  const r = spawnSync('python3', ['-c', CHECKS], {
    input: NUMERIC_SUBSET_SOURCE,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.error || r.status !== 0) return `python3 failed: ${r.error?.message ?? r.stderr}`;
  return JSON.parse(r.stdout) as { real: boolean; worst: Record<string, number> };
}

const hasPython = spawnSync('python3', ['--version']).status === 0;

describe.skipIf(!hasPython)('numpy/scipy subset against python3', () => {
  it('matches python3 to ~1e-12 relative', () => {
    const out = runChecks();
    if (typeof out === 'string') throw new Error(out);
    const { worst, real } = out;
    expect(Object.keys(worst).length).toBe(real ? 21 : 14);
    const over = Object.entries(worst).filter(([, e]) => !(e <= 1e-12));
    expect(over).toEqual([]);
  }, 60_000);
});

if (!hasPython) it.skip('python3 is not on this machine', () => undefined);
