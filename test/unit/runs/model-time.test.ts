import { describe, expect, it } from 'vitest';
import { buildGapReport, type GapInput } from '../../../shared/gap/build-gap';
import { gapMarkdown } from '../../../shared/gap/gap-format';
import {
  fromCache,
  liveModelMs,
  modelTimeOf,
  modelTimeText,
} from '../../../shared/runs/model-time';
import type { RunItem } from '../../../shared/runs/run';

type Timed = Pick<RunItem, 'usage' | 'latencyMs' | 'error'>;
const live = (ms: number): Timed => ({
  usage: { inputTokens: 10, outputTokens: 2, calls: 1, cachedCalls: 0 },
  latencyMs: ms,
  error: null,
});
const cached = (ms: number | null = null): Timed => ({
  usage: { inputTokens: 10, outputTokens: 2, calls: 1, cachedCalls: 1 },
  latencyMs: ms,
  error: null,
});

describe('model time (issue 25): answers from the cache are counted apart', () => {
  it('a run answered partly from the cache: the figures are over the live answers only', () => {
    const items = [live(1200), cached(), live(800), cached(0), live(2000), cached(1)];
    const t = modelTimeOf(items);
    expect(t).toEqual({
      timed: 3,
      cached: 3,
      medianSeconds: 1.2,
      p90Seconds: 1.84,
      meanSeconds: 1.33,
      totalSeconds: 4,
    });
    expect(modelTimeText(t)).toBe(
      'median 1.20 s (p90 1.84 s, mean 1.33 s) over 3 answers timed live; 3 answers from the cache (not timed)',
    );
  });

  it('all from the cache: no figure (never 0.00 s), the cache count shown', () => {
    const t = modelTimeOf([cached(), cached(0)]);
    expect(t).toMatchObject({ timed: 0, cached: 2, medianSeconds: null, totalSeconds: null });
    expect(modelTimeText(t)).toBe('no answer timed live; 2 answers from the cache (not timed)');
  });

  it('failed items and items written before the flag: failures are neither; an old 0–4 ms answer was a cache hit', () => {
    expect(fromCache({ usage: null, latencyMs: null, error: 'llm-timeout: …' })).toBe(false);
    expect(liveModelMs({ usage: null, latencyMs: 900, error: 'llm-timeout: …' })).toBeNull();
    const old = (ms: number): Timed => ({ usage: { inputTokens: 1 }, latencyMs: ms, error: null });
    expect(fromCache(old(0))).toBe(true);
    expect(fromCache(old(4))).toBe(true);
    expect(fromCache(old(1500))).toBe(false);
    // A partly cached item (a repair round asked live): its time is not one answer's, left out.
    expect(fromCache({ usage: { calls: 2, cachedCalls: 1 }, latencyMs: 700, error: null })).toBe(
      true,
    );
    expect(modelTimeOf([old(0), old(1500)])).toMatchObject({
      timed: 1,
      cached: 1,
      medianSeconds: 1.5,
    });
  });

  it('the gap: the model median is over live answers, cache hits counted apart (not a 0.00 s median)', () => {
    const n = 6;
    const input: GapInput = {
      session: { id: 1, expert: 'E', scorer: 'strict' },
      run: { id: 2, model: 'm', mode: 'direct', scorer: 'strict' },
      datasetId: 1,
      datasetName: 'd',
      questions: Array.from({ length: n }, (_, i) => ({
        questionId: i,
        externalId: `q${i}`,
        question: `Q${i}?`,
        facets: { subset: 'all', answerType: null, evidenceSource: null },
        gold: '1',
        goldEvidence: [],
        documentId: i,
        cluster: `d${i}`,
      })),
      human: Array.from({ length: n }, (_, i) => ({
        questionId: i,
        answer: '1',
        submitted: true,
        correct: true,
        rule: '',
        activeSeconds: 30,
        marks: [],
      })),
      // Four answers from the cache (booked at 0–1 ms), two timed live at 2 s and 3 s.
      model: Array.from({ length: n }, (_, i) => ({
        externalId: `q${i}`,
        answer: '1',
        correct: true,
        rule: '',
        latencyMs: i < 4 ? i % 2 : 2000 + 1000 * (i - 4),
        cached: i < 4,
        error: null,
        units: [],
        unitsSource: 'none' as const,
      })),
    };
    const r = buildGapReport(input, { iterations: 200 });
    expect(r.groups[0]!.modelMedianSeconds).toBe(2.5);
    expect(r.time).toMatchObject({ modelTotalSeconds: 5, modelTimed: 2, modelCached: 4 });
    expect(r.items.filter((it) => it.model?.cached)).toHaveLength(4);
    expect(r.items.find((it) => it.externalId === 'q0')!.model!.latencySeconds).toBeNull();
    expect(gapMarkdown(r)).toMatch(/5\.00 s over 2 timed items; 4 answers from the cache/);

    // Every answer from the cache: no model time at all, and the note says why.
    const all = buildGapReport(
      { ...input, model: input.model.map((m) => ({ ...m, cached: true })) },
      { iterations: 200 },
    );
    expect(all.groups[0]!.modelMedianSeconds).toBeNull();
    expect(all.time).toMatchObject({ modelTotalSeconds: null, modelTimed: 0, modelCached: 6 });
    expect(all.notes.join(' ')).toMatch(/6 of the 6 paired answers came from the response cache/);
  });
});
