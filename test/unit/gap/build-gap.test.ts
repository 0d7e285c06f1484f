import { describe, expect, it } from 'vitest';
import type { EvidenceTarget } from '../../../shared/document/evidence';
import { buildGapReport, type GapInput } from '../../../shared/gap/build-gap';
import { againstGold, sharedItems, type EvidenceItem } from '../../../shared/gap/evidence-overlap';
import { gapMarkdown } from '../../../shared/gap/gap-format';
import { GapReport } from '../../../shared/gap/gap-report';
import { mcnemarExact } from '../../../shared/stats';

const cell = (r: number, c: number): EvidenceItem => ({
  type: 'cell',
  tableId: 't0',
  sourceRow: r,
  sourceCol: c,
});
const table: EvidenceTarget = { type: 'table', tableId: 't0' };

/**
 * Eight questions: human/model correctness chosen so the counts are known by hand —
 * both right 3, only human 2, only model 1, both wrong 1, and one the model failed (not paired).
 */
function input(): GapInput {
  const outcomes: [boolean, boolean | 'failed', string][] = [
    [true, true, 'table'],
    [true, true, 'table'],
    [true, true, 'text'],
    [true, false, 'table'],
    [true, false, 'text'],
    [false, true, 'table'],
    [false, false, 'text'],
    [true, 'failed', 'table'],
  ];
  return {
    session: { id: 7, expert: 'Ana | CFA', scorer: 'strict' },
    run: { id: 3, model: 'gpt-x', mode: 'pot-python', scorer: 'strict' },
    datasetId: 1,
    datasetName: 'TAT-QA dev',
    questions: outcomes.map(([, , subset], i) => ({
      questionId: 100 + i,
      externalId: `q${i}`,
      question: `Question ${i}?`,
      facets: { subset, answerType: i % 2 === 0 ? 'span' : 'arithmetic', evidenceSource: subset },
      gold: String(i),
      goldEvidence: subset === 'table' ? [table] : [{ type: 'paragraph', blockId: 'p1' }],
      documentId: 1 + (i % 4),
      cluster: `d${1 + (i % 4)}`,
    })),
    human: outcomes.map(([h], i) => ({
      questionId: 100 + i,
      answer: h ? String(i) : '<b>wrong</b>',
      submitted: true,
      correct: h,
      rule: h ? 'equal' : 'different number',
      activeSeconds: 30 + 10 * i,
      marks: i === 0 ? [cell(1, 1), cell(2, 1), { type: 'paragraph', blockId: 'p9' }] : [],
    })),
    model: outcomes.map(([, m], i) => ({
      externalId: `q${i}`,
      answer: m === true ? String(i) : 'x|y',
      correct: m === 'failed' ? null : m,
      rule: m === true ? 'equal' : 'different number',
      latencyMs: null,
      error: m === 'failed' ? 'llm-timeout: gave up' : null,
      units: i === 0 ? [cell(1, 1), cell(3, 2)] : [],
      unitsSource: 'literals' as const,
    })),
  };
}

describe('buildGapReport', () => {
  it('pairs questions both answered and reproduces the hand count', () => {
    const r = buildGapReport(input(), { iterations: 2000, seed: 5 });
    expect(() => GapReport.parse(r)).not.toThrow();
    expect(r.counts).toEqual({
      questions: 8,
      humanAnswered: 8,
      modelAnswered: 7,
      paired: 7,
      humanOnly: 1,
      modelOnly: 0,
      neither: 0,
    });
    const all = r.groups[0]!;
    expect(all).toMatchObject({
      by: 'all',
      n: 7,
      human: { correct: 5, accuracy: 71.43 },
      model: { correct: 4, accuracy: 57.14 },
      difference: 14.29,
      mcnemar: { humanOnly: 2, modelOnly: 1 },
    });
    expect(all.mcnemar.pValue).toBeCloseTo(mcnemarExact(2, 1), 12);
    expect(all.bootstrap.low).toBeLessThanOrEqual(14.29);
    expect(all.bootstrap.high).toBeGreaterThanOrEqual(14.29);
    expect(all.human.wilson.low).toBeLessThan(71.43);
    expect(all.humanMedianSeconds).toBe(60);
    expect(all.modelMedianSeconds).toBeNull();
    // Subsets then answer types, each adding up to the paired count.
    expect(r.groups.filter((g) => g.by === 'subset').map((g) => [g.value, g.n])).toEqual([
      ['table', 4],
      ['text', 3],
    ]);
    expect(r.groups.filter((g) => g.by === 'answer type').map((g) => g.n)).toEqual([4, 3]);
    expect(r.disagreements.map((d) => d.externalId)).toEqual(['q3', 'q4', 'q5']);
    expect(r.items.find((it) => it.externalId === 'q7')).toMatchObject({ paired: false });
    expect(r.notes.join(' ')).toMatch(/no model latency/);
  });

  it('is deterministic for a seed', () => {
    const a = buildGapReport(input(), { iterations: 1000, seed: 9 });
    const b = buildGapReport(input(), { iterations: 1000, seed: 9 });
    expect(a).toEqual(b);
  });

  it('joins evidence: expert marks and model reads against gold and each other', () => {
    const r = buildGapReport(input(), { iterations: 200 });
    const q0 = r.items[0]!.evidence;
    expect(q0).toMatchObject({
      expert: ['c:t0:1:1', 'c:t0:2:1', 'p:p9'],
      model: ['c:t0:1:1', 'c:t0:3:2'],
      gold: ['t:t0'],
      expertInGold: 2,
      goldHitByExpert: 1,
      modelInGold: 2,
      expertAndModel: 1,
    });
    expect(r.overlap.expertVsGold).toMatchObject({
      items: 1,
      units: 3,
      inGold: 2,
      precision: 66.67,
    });
    expect(r.overlap.modelVsGold).toMatchObject({ items: 1, units: 2, inGold: 2, recall: 100 });
    // |{1:1}| / |{1:1, 2:1, p9, 3:2}|
    expect(r.overlap.expertVsModel).toMatchObject({ both: 1, jaccard: 25 });
    expect(r.overlap.modelSources).toEqual({ trace: 0, literals: 7, none: 0 });
  });

  it('says so when nothing is paired', () => {
    const i = input();
    const r = buildGapReport({ ...i, model: [] });
    expect(r.groups).toEqual([]);
    expect(r.counts.paired).toBe(0);
    expect(r.notes.join(' ')).toMatch(/nothing to compare/);
  });
});

describe('evidence overlap', () => {
  it('a row target covers its cells, a paragraph only itself, pages nothing', () => {
    const gold: EvidenceTarget[] = [
      { type: 'row', tableId: 't0', sourceRow: 4 },
      { type: 'paragraph', blockId: 'p2' },
      { type: 'page', page: 3 },
    ];
    const units: EvidenceItem[] = [
      cell(4, 0),
      cell(4, 3),
      cell(5, 0),
      { type: 'paragraph', blockId: 'p2' },
    ];
    expect(againstGold(units, gold)).toEqual({ units: 4, inGold: 3, goldTargets: 2, goldHit: 2 });
    expect(sharedItems(units, [cell(4, 3), cell(9, 9)])).toBe(1);
  });
});

describe('gapMarkdown', () => {
  it('writes the table and keeps untrusted text on one escaped line', () => {
    const md = gapMarkdown(buildGapReport(input(), { iterations: 200 }));
    expect(md).toContain('# Gap: session #7 (Ana \\| CFA) vs run #3 (gpt-x, pot-python)');
    expect(md).toMatch(/\| all \| 7 \| 71\.43 \|/);
    expect(md).toContain('x\\|y');
    expect(md).toContain('## Disagreements (3)');
  });

  it('marks an expert whose session came from an unsigned bundle', () => {
    const base = input();
    const local = buildGapReport(base, { iterations: 50 });
    expect(local.expertSignature).toBe('local');
    const r = buildGapReport(
      { ...base, session: { ...base.session, signature: 'unsigned' } },
      { iterations: 50 },
    );
    expect(r.expertSignature).toBe('unsigned');
    expect(gapMarkdown(r)).toContain('# Gap: session #7 (Ana \\| CFA, unsigned bundle) vs run #3');
  });
});
