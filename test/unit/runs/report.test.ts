import { describe, expect, it } from 'vitest';
import { mcnemarExact } from '../../../shared/stats';
import { failureCause } from '../../../shared/runs/failure-cause';
import {
  buildReport,
  compareRuns,
  type ReportInput,
  type ReportItem,
} from '../../../shared/runs/report';
import {
  reportCsv,
  reportMarkdown,
  table2Markdown,
  table2Rows,
} from '../../../shared/runs/report-format';
import type { RunManifest, RunVerdict } from '../../../shared/runs/run';
import { questionFacets } from '../../../shared/runs/subsets';

const manifest = (mode: RunManifest['mode'] = 'cot'): RunManifest => ({
  dataset: { id: 1, name: 'toy.json', format: 'docmath', contentHash: 'h', questionCount: 6 },
  subset: null,
  model: { id: 'm', provider: null, params: {} },
  imported: null,
  mode,
  scorers: [
    { id: 'strict', version: '1' },
    { id: 'imported', version: 'file' },
  ],
  appVersion: '0.1.0',
  templateHash: null,
  retrieval: null,
});

const item = (i: number, subset: string, extra: Partial<ReportItem> = {}): ReportItem => ({
  itemId: i,
  questionId: i,
  externalId: `q${i}`,
  output: null,
  answer: String(i),
  answerKind: 'extracted',
  answerScale: null,
  program: null,
  execution: null,
  usage: null,
  latencyMs: null,
  error: null,
  facets: { subset, answerType: i % 2 ? 'span' : 'arithmetic', evidenceSource: null },
  cluster: `d${Math.floor(i / 2)}`,
  ...extra,
});

const verdict = (
  itemId: number,
  scorer: string,
  correct: boolean,
  rule = correct ? 'exact match' : 'different value',
  outcome?: RunVerdict['outcome'],
): RunVerdict => ({
  itemId,
  scorer,
  scorerVersion: scorer === 'imported' ? 'file' : '1',
  correct,
  score: correct ? 1 : 0,
  outcome: outcome ?? (correct ? 'correct' : 'incorrect'),
  rule,
  extracted: null,
  predNormalized: '',
  goldNormalized: '',
});

function input(
  correct: boolean[],
  rules: string[] = [],
  mode: RunManifest['mode'] = 'cot',
  runId = 1,
): ReportInput {
  const items = correct.map((_, i) => item(i, i < 3 ? 'simpshort' : 'complong'));
  return {
    run: {
      runId,
      status: 'done',
      done: items.length,
      total: items.length,
      model: 'm',
      mode,
      datasetId: 1,
      source: 'imported',
      createdAt: 't',
      updatedAt: 't',
      message: null,
    },
    manifest: manifest(mode),
    items,
    verdicts: [
      ...correct.map((c, i) => verdict(i, 'strict', c, rules[i])),
      ...correct.map((_, i) => verdict(i, 'imported', true)),
    ],
    unanswered: 0,
    datasetChanged: false,
  };
}

describe('buildReport', () => {
  it('gives accuracy per scorer, Table 2 subsets, intervals and the shown scorer', () => {
    const r = buildReport(input([true, true, false, true, false, false]), {
      bootstrapIterations: 500,
    });
    expect(r.scorer).toBe('strict');
    expect(r.accuracy).toEqual({ strict: 50, imported: 100 });
    expect(r.subsets.columns).toEqual(['simpshort', 'complong']);
    expect(r.subsets.accuracy.strict).toEqual({ simpshort: 66.67, complong: 33.33 });
    expect(r.subsets.n).toEqual({ simpshort: 3, complong: 3 });
    expect(r.intervals.strict!.clusters).toBe(3);
    expect(r.intervals.strict!.wilson.low).toBeLessThan(50);
    expect(r.intervals.strict!.wilson.high).toBeGreaterThan(50);
    // All correct: both intervals reach 100.
    expect(r.intervals.imported!.wilson.high).toBe(100);
    expect(r.intervals.imported!.bootstrap).toEqual({ low: 100, high: 100 });
    expect(r.items[2]).toMatchObject({
      externalId: 'q2',
      correct: false,
      outcome: 'incorrect',
      cause: 'wrong value',
    });
    expect(r.items[2]!.verdicts.imported).toMatchObject({ correct: true });
    expect(r.breakdowns.map((b) => b.by)).toEqual(['answer type']);
  });

  it('is the same report for the same input (seeded bootstrap)', () => {
    const i = input([true, false, true, false, true, true]);
    expect(buildReport(i)).toEqual(buildReport(i));
  });

  it('reports by another scorer on request and refuses one it has no verdicts of', () => {
    const i = input([true, false, true, false, true, true]);
    expect(buildReport(i, { scorer: 'imported' }).items.every((x) => x.correct)).toBe(true);
    expect(() => buildReport(i, { scorer: 'tatqa' })).toThrow(/no verdicts of scorer "tatqa"/);
  });

  it('attributes failures from verdict rules and stored execution', () => {
    const r = buildReport(
      input(
        [false, false, false, false, false, true],
        [
          'sign flipped',
          'percent vs fraction',
          'off by ×1000',
          'no answer found',
          'different value',
        ],
      ),
    );
    expect(Object.fromEntries(r.failures.map((f) => [f.cause, f.count]))).toEqual({
      'sign slip': 1,
      'percent slip': 1,
      'scale slip': 1,
      'no answer extracted': 1,
      'wrong value': 1,
    });
  });

  it('gives a PoT run its execution rate', () => {
    const i = input([true, false, true, false, true, true], [], 'pot-python');
    i.items = i.items.map((it, k) => ({ ...it, program: 'x', execution: { ok: k !== 1 } }));
    const r = buildReport(i);
    expect(r.executionRate).toBe(83.33);
    expect(r.items[1]!.cause).toBe('execution error');
    expect(buildReport(input([true])).executionRate).toBeNull();
  });
});

describe('failureCause', () => {
  const it0 = item(0, 'a');
  it('puts run errors and refusals before the rule', () => {
    expect(failureCause({ ...it0, error: 'timeout' }, verdict(0, 's', false))).toBe('run error');
    expect(failureCause(it0, verdict(0, 's', false, 'refusal ("cannot")', 'refusal'))).toBe(
      'refusal',
    );
    expect(failureCause(it0, verdict(0, 's', false, 'x', 'error'))).toBe('not graded');
  });
  it('reads a failed eval as no answer for text and as an execution error for programs', () => {
    const v = verdict(0, 'docmath', false, 'eval failed (NameError), scored as 0');
    expect(failureCause(it0, v)).toBe('no answer extracted');
    expect(failureCause({ ...it0, program: 'def solution(): ...' }, v)).toBe('execution error');
  });
});

describe('compareRuns', () => {
  it('pairs by question id: exact McNemar, paired bootstrap and the flips', () => {
    const a = input([true, true, true, false, true, false], [], 'cot', 1);
    const b = input([false, true, false, false, true, true], [], 'cot', 2);
    const c = compareRuns(a, b, { bootstrapIterations: 1000 });
    expect(c.paired).toBe(6);
    expect(c.mcnemar).toEqual({ aOnly: 2, bOnly: 1, pValue: mcnemarExact(2, 1) });
    expect(c.difference).toBe(16.67);
    expect(c.bootstrap.low).toBeLessThanOrEqual(16.67);
    expect(c.bootstrap.high).toBeGreaterThanOrEqual(16.67);
    expect(c.flips.map((f) => [f.externalId, f.rightIn])).toEqual([
      ['q0', 'a'],
      ['q2', 'a'],
      ['q5', 'b'],
    ]);
  });

  it('counts questions only one run answered and refuses runs with nothing in common', () => {
    const a = input([true, true, true]);
    const b = input([true, false, true, false, true]);
    const c = compareRuns(a, b);
    expect([c.paired, c.onlyA, c.onlyB]).toEqual([3, 0, 2]);
    const none = {
      ...b,
      items: b.items.map((x) => ({ ...x, externalId: `other-${x.externalId}` })),
    };
    expect(() => compareRuns(a, none)).toThrow(/share no graded question/);
  });
});

describe('report formats', () => {
  it('prints Table 2, intervals, failures and the comparison in markdown', () => {
    const a = input([true, true, false, true, false, false]);
    const r = buildReport(a, { bootstrapIterations: 200 });
    const md = reportMarkdown(
      r,
      compareRuns(a, input([true, true, true, true, false, false], [], 'cot', 2)),
    );
    expect(md).toContain('| model | mode | scorer | simpshort | complong | average | n |');
    expect(md).toContain('| m | cot | strict | 66.67 | 33.33 | 50.00 | 6 |');
    expect(md).toContain('| m | cot | imported (official) | 100.00 | 100.00 | 100.00 | 6 |');
    expect(md).toContain('Exact McNemar: 0 right only in #1, 1 right only in #2');
    expect(md).toMatch(/\| q2 \| #2 \|/);
  });

  it('lines up rows of several runs under the union of their subsets', () => {
    const r1 = buildReport(input([true, false, true]), { bootstrapIterations: 100 });
    const r2 = buildReport(input([true, false, true, true, true, true]), {
      bootstrapIterations: 100,
    });
    const md = table2Markdown(table2Rows([r1, r2], ['strict']));
    expect(md.split('\n')[0]).toContain('simpshort | complong | average');
    expect(md.split('\n')[2]).toContain('| 66.67 | – | 66.67 | 3 |');
  });

  it('gives each item its question text and its answer once, in its unit', () => {
    const i = input([true, false]);
    i.items = i.items.map((x, k) =>
      k === 1
        ? {
            ...x,
            question: 'What share of revenue came from Digital Media?',
            answer: 49.3558418481,
            answerScale: 'percent',
            answerKind: 'executed',
          }
        : x,
    );
    const r = buildReport(i, { bootstrapIterations: 100 });
    expect(r.items[0]).toMatchObject({ externalId: 'q0', question: null });
    expect(r.items[1]).toMatchObject({
      externalId: 'q1',
      question: 'What share of revenue came from Digital Media?',
      answer: '49.3558418481%',
    });
  });

  it('writes one CSV line per item with quoted fields', () => {
    const i = input([true, false]);
    i.items = i.items.map((x, k) => (k === 1 ? { ...x, answer: 'a, "b"' } : x));
    const csv = reportCsv(buildReport(i, { bootstrapIterations: 100 }));
    // RFC 4180: CRLF after every record, the last one too (shared/export/csv.ts).
    expect(csv.endsWith('\r\n')).toBe(true);
    const lines = csv.slice(0, -2).split('\r\n');
    expect(lines[0]).toBe(
      'question_id,external_id,subset,answer,strict_correct,strict_outcome,strict_rule,imported_correct,imported_outcome,imported_rule',
    );
    expect(lines[2]).toBe(
      '1,q1,simpshort,"a, ""b""",0,incorrect,different value,1,correct,exact match',
    );
  });

  it('guards model answers a spreadsheet would run as formulas (issue 21)', () => {
    const i = input([true, false]);
    const hostile = ['=HYPERLINK("http://x","y")', '-12.5'];
    i.items = i.items.map((x, k) => ({ ...x, answer: hostile[k]! }));
    const lines = reportCsv(buildReport(i, { bootstrapIterations: 100 })).split('\r\n');
    expect(lines[1]).toMatch(/^0,q0,simpshort,"'=HYPERLINK\(""http:\/\/x"",""y""\)",1,/);
    // A negative number written as text stays a number.
    expect(lines[2]).toMatch(/^1,q1,simpshort,-12\.5,0,/);
  });
});

describe('questionFacets', () => {
  it('takes DocMath-Eval subsets from the id, FinanceMath topics, TAT-QA answer sources', () => {
    const q = (externalId: string, type: string, answerFrom?: string) => ({
      externalId,
      type,
      gold: { answerFrom },
    });
    expect(questionFacets('docmath', q('complong-testmini-3', 'x')).subset).toBe('complong');
    expect(questionFacets('docmath', q('validation-0', 'Accounting')).subset).toBe('Accounting');
    expect(questionFacets('tatqa', q('u', 'arithmetic', 'table-text'))).toEqual({
      subset: 'table-text',
      answerType: 'arithmetic',
      evidenceSource: 'table-text',
    });
    expect(questionFacets('finqa', q('u', 'x')).subset).toBe('all');
  });
});
