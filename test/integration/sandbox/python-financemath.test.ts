import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PythonSandbox } from '../../../main/sandbox/python';
import { hasData, noDataMessage } from '../../support/data-dir';
import {
  compareRecorded,
  noAgreements,
  readGoldPrograms,
  readRecordedPrograms,
  reproducesGold,
  type Agreement,
} from './python-financemath';

/**
 * FinanceMath's Python re-executed in the sandbox (numbers and commands in docs/BENCHMARKS.md,
 * `node --import tsx test/bench/python-programs.ts`):
 * - the programs of the official PoT outputs (4 models × 200) reproduce the recorded
 *   prediction_executed_result to its 3 decimals, all 800, the 10 importing numpy/scipy too
 *   (through the sandbox's pure-Python subset, numeric-subset-source.ts);
 * - the gold python_solution of every validation question reproduces its ground_truth, the one
 *   that needs scipy.stats too.
 */

let sandbox: PythonSandbox;

beforeAll(async () => {
  if (!hasData) return;
  sandbox = new PythonSandbox({ workers: 2 });
  await sandbox.warmUp();
});

afterAll(async () => {
  await sandbox?.close();
});

describe.skipIf(!hasData)('FinanceMath Python programs', () => {
  it('re-executed PoT programs agree with the recorded results', async () => {
    const counts: Record<Agreement, number> = noAgreements();
    const mismatches: string[] = [];
    for (const model of readRecordedPrograms()) {
      const results = await sandbox.runMany(model.items.map((i) => i.program ?? ''));
      model.items.forEach((item, i) => {
        const a = compareRecorded(item.program === null ? null : results[i]!, item.recorded);
        counts[a]++;
        if (a !== 'agree' && a !== 'module-not-available')
          mismatches.push(`${model.model} ${item.id}: ${a}`);
      });
    }
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total).toBe(800);
    expect(mismatches).toEqual([]);
    expect(counts.agree).toBe(800);
    expect(counts['module-not-available']).toBe(0);
  });

  it('gold python_solution reproduces ground_truth', async () => {
    const gold = readGoldPrograms();
    const results = await sandbox.runMany(gold.map((g) => g.program));
    const failed: string[] = [];
    let scorer = 0;
    gold.forEach((g, i) => {
      const check = reproducesGold(results[i]!, g.groundTruth);
      if (check === 'scorer') scorer++;
      if (check === 'no') failed.push(`${g.id}: ${JSON.stringify(results[i]).slice(0, 200)}`);
    });
    expect(gold).toHaveLength(200);
    expect(scorer).toBeGreaterThanOrEqual(197);
    expect(failed).toEqual([]);
  });
});

if (!hasData) it.skip(noDataMessage, () => undefined);
