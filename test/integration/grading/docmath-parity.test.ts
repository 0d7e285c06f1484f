import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pyRound } from '../../../shared/grading/python/py-float';
import { docmathScorer } from '../../../shared/grading/scorers/docmath';
import { compareTwoNumbers } from '../../../shared/grading/scorers/docmath/compare-two-numbers';
import { gradeItems, readPredictions } from '../../../main/grading/grade-file';
import { dataPath, hasData } from '../../support/data-dir';

// Parity of the `docmath` scorer with the official DocMath-Eval verdicts recorded in
// model_outputs/financemath_validation/processed_{cot,pot}_outputs (result.acc), per item.

interface Recorded {
  question_id: string;
  ground_truth: number;
  extracted_pred_answer?: string;
  result: {
    acc: number;
    execution_rate: number;
    prediction_executed_result?: number | string | null;
  };
}

const dir = (kind: 'cot' | 'pot') =>
  dataPath('model_outputs', 'financemath_validation', `processed_${kind}_outputs`);
const models = (kind: 'cot' | 'pot') =>
  hasData ? readdirSync(dir(kind)).filter((f) => f.endsWith('.json')) : [];
const load = (kind: 'cot' | 'pot', file: string) => {
  const text = readFileSync(`${dir(kind)}/${file}`, 'utf8');
  return { text, records: JSON.parse(text) as Recorded[] };
};

/**
 * The official PoT script records round(result, 3) for float results, and the dataset's
 * ground_truth is rounded to 3 decimals too, while acc was computed on the unrounded values.
 * A recorded acc is "explained by rounding" when some pair of values that round to the
 * recorded ones gets that acc from compare_two_numbers. Candidates: a fine grid over each
 * rounding interval, plus the exact ±x·10^k partners the power-of-ten rule needs.
 * `predRounded` is false for results recorded as strings (numpy scalars, kept unrounded).
 */
function explainedByRounding(pRec: number, gRec: number, acc: number, predRounded = true): boolean {
  const h = 0.0005;
  const grid = (c: number) => [
    c,
    ...Array.from({ length: 81 }, (_, i) => c - h + (2 * h * i) / 80),
  ];
  const partners = (x: number) =>
    Array.from({ length: 17 }, (_, i) => 10 ** (i - 8)).flatMap((f) => [x * f, -x * f]);
  const pOk = (p: number) => (predRounded ? pyRound(p, 3) === pRec : p === pRec);
  const gOk = (g: number) => pyRound(g, 3) === gRec;
  const ps = predRounded ? grid(pRec) : [pRec];
  const gs = grid(gRec);
  const pairs: [number, number][] = [
    ...ps.flatMap((p) => gs.map((g): [number, number] => [p, g])),
    ...ps.flatMap((p) => partners(p).map((g): [number, number] => [p, g])),
    ...gs.flatMap((g) => partners(g).map((p): [number, number] => [p, g])),
  ];
  return pairs.some(([p, g]) => {
    if (!pOk(p) || !gOk(g)) return false;
    let ok: boolean;
    try {
      ok = compareTwoNumbers(p, g) !== 'no-match';
    } catch {
      ok = false;
    }
    return ok === (acc === 1);
  });
}

describe.skipIf(!hasData)('DocMath parity on recorded FinanceMath outputs', () => {
  it.each(models('cot'))(
    'CoT %s: docmath(extracted_pred_answer) == result.acc on every item',
    (file) => {
      const { text, records } = load('cot', file);
      const graded = gradeItems(readPredictions('docmath-processed', text).items, docmathScorer);
      expect(graded).toHaveLength(records.length);
      const mismatches = graded.filter((g, i) => Number(g.correct) !== records[i]?.result.acc);
      expect(mismatches.map((m) => `${m.id}: ${m.rule}`)).toEqual([]);
      // execution_rate 0 ⇔ the extractor said "None" ⇔ our no-answer outcome
      graded.forEach((g, i) =>
        expect(g.outcome === 'no-answer').toBe(records[i]?.result.execution_rate === 0),
      );
    },
  );

  it.each(models('pot'))(
    'PoT %s: docmath(prediction_executed_result) == result.acc, or the difference is explained by 3-decimal rounding',
    (file) => {
      const { text, records } = load('pot', file);
      const graded = gradeItems(readPredictions('docmath-processed', text).items, docmathScorer);
      const unexplained: string[] = [];
      let reproduced = 0;
      graded.forEach((g, i) => {
        const r = records[i] as Recorded;
        const p = r.result.prediction_executed_result;
        // Execution failures: no result, acc 0 and execution_rate 0, always consistent.
        if (p === null || p === undefined) {
          expect(r.result).toMatchObject({ acc: 0, execution_rate: 0 });
          expect(g.outcome).toBe('no-answer');
        }
        if (Number(g.correct) === r.result.acc) {
          reproduced++;
          return;
        }
        const pv = typeof p === 'number' ? p : typeof p === 'string' ? Number(p) : NaN;
        if (
          Number.isNaN(pv) ||
          !explainedByRounding(pv, r.ground_truth, r.result.acc, typeof p === 'number')
        )
          unexplained.push(`${r.question_id}: recorded ${r.result.acc}, ours ${g.rule}`);
      });
      expect(unexplained).toEqual([]);
      expect(reproduced).toBeGreaterThan(records.length * 0.9);
    },
  );

  it('the rounding explanation is not vacuous: it rejects verdicts rounding cannot produce', () => {
    expect(explainedByRounding(0.018, 175, 1)).toBe(true); // 0.0175 rounds to 0.018
    expect(explainedByRounding(0.5, 175, 1)).toBe(false);
    expect(explainedByRounding(8184, -8184, 0)).toBe(true); // validation-0: -8184.000000000007
    expect(explainedByRounding(175, 175, 0)).toBe(false); // any such pair is within 0.15%
    expect(explainedByRounding(100, 175, 1)).toBe(false);
    expect(explainedByRounding(0.0137, 13714.668, 1, false)).toBe(false); // unrounded pred, no ×10^k
  });
});
