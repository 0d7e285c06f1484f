import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tatqaScorer } from '../../../shared/grading/scorers/tatqa';
import { getAnswerStr } from '../../../shared/grading/scorers/tatqa/tatqa-metric';
import { pyTruthy } from '../../../shared/grading/python/py-repr';
import type { JsonValue } from '../../../shared/grading/verdict';
import { gradeItems, readPredictions } from '../../../main/grading/grade-file';
import { dataPath, hasData } from '../../support/data-dir';

// TAT-QA parity on the Program-of-Thoughts dev outputs. No per-item official verdicts are
// recorded in the files, so we check (1) the aggregate EM against the figure the PoT authors
// published for these outputs and (2) per-item invariants of the official metric.

const FILES = {
  'tatqa-pot': 'tatqa_s0_e-1_11_08_11_09.jsonl',
  'tatqa-pred': 'tatqa_cot_gpt3_s0_e-1_11_13_21_05.jsonl',
} as const;

interface Row {
  question_id: string;
  answer: JsonValue;
  answer_type: string;
  scale: string;
  pred_answer: JsonValue;
  pred_scale: string;
}

const read = (file: string) => {
  const text = readFileSync(dataPath('model_outputs', 'tatqa_dev', file), 'utf8');
  const rows = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Row);
  return { text, rows };
};

describe.skipIf(!hasData)('TAT-QA parity on the PoT dev outputs', () => {
  it('reproduces the published PoT EM (0.689) when scored over all 1,668 dev questions', () => {
    const { rows } = read(FILES['tatqa-pot']);
    const dev = JSON.parse(
      readFileSync(dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'), 'utf8'),
    ) as { questions: { uid: string }[] }[];
    const uids = dev.flatMap((c) => c.questions.map((q) => q.uid));
    expect(uids).toHaveLength(1668);
    const byId = new Map(rows.map((r) => [r.question_id, r]));
    // tatqa_eval.py iterates over the gold file: a question without a prediction scores 0.
    let em = 0;
    for (const uid of uids) {
      const r = byId.get(uid);
      if (!r) continue;
      const v = tatqaScorer.score({
        gold: r.answer,
        goldScale: r.scale,
        answerType: r.answer_type,
        prediction: r.pred_answer,
        predScale: r.pred_scale,
        predictionKind: 'extracted',
      });
      em += v.em ?? 0;
    }
    expect(rows.length).toBe(1667);
    // Program-of-Thoughts README, TATQA: "Number of Test Examples: 1668 … EM Score: 0.689"
    expect((em / uids.length).toFixed(3)).toBe('0.689');
  });

  it.each(Object.entries(FILES))(
    '%s: per-item invariants of the official metric',
    (format, file) => {
      const { text, rows } = read(file);
      const graded = gradeItems(
        readPredictions(format as 'tatqa-pot' | 'tatqa-pred', text).items,
        tatqaScorer,
      );
      expect(graded).toHaveLength(rows.length);
      expect(graded.filter((g) => g.outcome === 'error')).toEqual([]);
      graded.forEach((g, i) => {
        const r = rows[i] as Row;
        const em = g.em ?? -1;
        const f1 = g.f1 ?? -1;
        expect([0, 1]).toContain(em);
        expect(f1).toBeGreaterThanOrEqual(em);
        if (r.answer_type === 'arithmetic' || r.answer_type === 'count') expect(f1).toBe(em);
        // A prediction whose canonical string equals the gold's must be an exact match…
        const goldList = Array.isArray(r.answer) ? r.answer : [r.answer];
        const predList = Array.isArray(r.pred_answer) ? r.pred_answer : [r.pred_answer];
        // …unless it is falsy in Python: `if not prediction` scores a predicted 0 as 0 unseen.
        if (
          pyTruthy(r.pred_answer) &&
          r.scale === r.pred_scale &&
          getAnswerStr(goldList, r.scale)[0] === getAnswerStr(predList, r.pred_scale)[0]
        )
          expect(em, `${r.question_id} ${JSON.stringify(r.pred_answer)}`).toBe(1);
      });
    },
  );

  it('scores a predicted 0 as 0 even when the gold is 0 (official `if not prediction` quirk)', () => {
    const { rows } = read(FILES['tatqa-pot']);
    const zeroes = rows.filter((r) => r.pred_answer === 0);
    expect(zeroes.length).toBeGreaterThan(0);
    for (const r of zeroes) {
      const v = tatqaScorer.score({
        gold: r.answer,
        goldScale: r.scale,
        answerType: r.answer_type,
        prediction: r.pred_answer,
        predScale: r.pred_scale,
        predictionKind: 'extracted',
      });
      expect(v).toMatchObject({ em: 0, outcome: 'no-answer', rule: 'empty prediction' });
    }
  });

  it('the PoT file is told apart from the CoT file by its generations', () => {
    expect(readPredictions('tatqa-pot', read(FILES['tatqa-pot']).text).warnings).toEqual([]);
    expect(readPredictions('tatqa-pot', read(FILES['tatqa-pred']).text).warnings[0]).toMatch(
      /look like tatqa-pred/,
    );
  });
});
