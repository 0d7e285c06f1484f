import { reportMethod, type RunComparison, type RunReport } from '../../../shared/runs/report';
import type { RunManifest, RunProgress, RunSummary } from '../../../shared/runs/run';

export function summary(runId: number, patch: Partial<RunSummary> = {}): RunSummary {
  return {
    runId,
    status: 'done',
    done: 3,
    total: 3,
    model: `model-${runId}`,
    mode: 'cot',
    datasetId: 1,
    source: 'imported',
    createdAt: '2026-11-23T18:00:00.000Z',
    updatedAt: '2026-11-23T18:00:00.000Z',
    message: null,
    ...patch,
  };
}

export const manifest: RunManifest = {
  dataset: {
    id: 1,
    name: 'validation.json',
    format: 'docmath',
    contentHash: 'ab',
    questionCount: 3,
  },
  subset: null,
  model: { id: 'model', provider: null, params: {} },
  imported: null,
  mode: 'cot',
  scorers: [{ id: 'docmath', version: '1' }],
  appVersion: '0.1.0',
  templateHash: null,
  retrieval: null,
};

const row = (
  externalId: string,
  correct: boolean,
  patch: Partial<RunReport['items'][number]> = {},
): RunReport['items'][number] => ({
  questionId: Number(externalId.replace(/\D/g, '')),
  externalId,
  question: `What is asked in ${externalId}?`,
  subset: 'Accounting',
  outcome: correct ? 'correct' : 'incorrect',
  correct,
  rule: correct ? 'exact match' : 'different value',
  answer: '42',
  cause: correct ? null : 'wrong value',
  verdicts: {},
  ...patch,
});

export function report(runId: number, scorer = 'docmath'): RunReport {
  return {
    runId,
    model: `model-${runId}`,
    mode: 'cot',
    status: 'done',
    source: 'imported',
    datasetId: 1,
    datasetName: 'validation.json',
    n: 4,
    total: 4,
    unanswered: 0,
    datasetChanged: false,
    scorer,
    method: reportMethod(manifest, [{ scorer, version: '1' }]),
    scorers: [{ scorer, version: '1', n: 4, correct: 2, accuracy: 50 }],
    accuracy: { [scorer]: 50 },
    intervals: {
      [scorer]: { wilson: { low: 15, high: 85 }, bootstrap: { low: 10, high: 90 }, clusters: 4 },
    },
    subsets: {
      columns: ['Accounting', 'Risk'],
      n: { Accounting: 3, Risk: 1 },
      accuracy: { [scorer]: { Accounting: 66.67, Risk: 0 } },
    },
    executionRate: null,
    modelTime: {
      timed: 3,
      cached: 1,
      medianSeconds: 1.25,
      p90Seconds: 2.5,
      meanSeconds: 1.5,
      totalSeconds: 4.5,
    },
    breakdowns: [],
    failures: [
      { cause: 'wrong value', count: 1, examples: ['validation-2'] },
      { cause: 'no answer extracted', count: 1, examples: ['validation-12'] },
    ],
    items: [
      row('validation-1', true),
      row('validation-2', false, { answer: '17' }),
      row('validation-3', true),
      row('validation-12', false, {
        subset: 'Risk',
        answer: null,
        outcome: 'no-answer',
        cause: 'no answer extracted',
        rule: 'no answer',
      }),
    ],
  };
}

export const comparison: RunComparison = {
  runA: 1,
  runB: 2,
  scorer: 'docmath',
  paired: 4,
  onlyA: 0,
  onlyB: 0,
  accuracyA: 50,
  accuracyB: 25,
  difference: 25,
  mcnemar: { aOnly: 2, bOnly: 1, pValue: 1 },
  bootstrap: { low: -25, high: 75, pValue: 0.5 },
  modelTime: {
    a: {
      timed: 3,
      cached: 1,
      medianSeconds: 1.25,
      p90Seconds: 2.5,
      meanSeconds: 1.5,
      totalSeconds: 4.5,
    },
    b: {
      timed: 0,
      cached: 0,
      medianSeconds: null,
      p90Seconds: null,
      meanSeconds: null,
      totalSeconds: null,
    },
  },
  flips: [
    {
      questionId: 1,
      externalId: 'validation-1',
      rightIn: 'a',
      a: { rule: 'exact match', answer: '42' },
      b: { rule: 'different value', answer: '41' },
    },
    {
      questionId: 3,
      externalId: 'validation-3',
      rightIn: 'a',
      a: { rule: 'exact match', answer: '7' },
      b: { rule: 'no answer', answer: null },
    },
    {
      questionId: 12,
      externalId: 'validation-12',
      rightIn: 'b',
      a: { rule: 'no answer', answer: null },
      b: { rule: 'exact match', answer: '3.5' },
    },
  ],
};

export function progress(runId: number, patch: Partial<RunProgress> = {}): RunProgress {
  return {
    runId,
    status: 'running',
    done: 1,
    failed: 0,
    remaining: 2,
    total: 3,
    inputTokens: 100,
    outputTokens: 20,
    costUsd: null,
    etaMs: 2000,
    concurrency: 2,
    cached: 0,
    ...patch,
  };
}
