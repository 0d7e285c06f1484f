import { evidenceKey, type EvidenceTarget, type MarkTarget } from '../document/evidence';
import {
  compareRuns,
  round2,
  type ReportInput,
  type ReportItem,
  type RunComparison,
} from '../runs/report';
import type { RunMode, RunVerdict } from '../runs/run';
import type { QuestionFacets } from '../runs/subsets';
import type { SignatureState } from '../sessions/session';
import {
  DEFAULT_BOOTSTRAP_ITERATIONS,
  DEFAULT_BOOTSTRAP_SEED,
  quantileSorted,
  wilson,
} from '../stats';
import { againstGold, sharedItems, uniqueItems, type EvidenceItem } from './evidence-overlap';
import type {
  EvidenceOverlap,
  EvidenceShare,
  GapGroup,
  GapItem,
  GapReport,
  ModelEvidenceSource,
} from './gap-report';

/** One question of the session, with what the dataset says about it. */
export interface GapQuestion {
  questionId: number;
  externalId: string;
  question: string;
  facets: QuestionFacets;
  /** The gold answer as the dataset prints it. */
  gold: string;
  goldEvidence: readonly EvidenceTarget[];
  documentId: number | null;
  /** Resampling unit of the clustered bootstrap (the question's document). */
  cluster: string;
}

/** The expert's side of one question (from sessions.results). */
export interface GapHuman {
  questionId: number;
  answer: string | null;
  submitted: boolean;
  /** null: not graded (not submitted). */
  correct: boolean | null;
  rule: string | null;
  activeSeconds: number;
  marks: readonly MarkTarget[];
}

/** The run's side of one question, matched to the session by the dataset's own id. */
export interface GapModel {
  externalId: string;
  answer: string | null;
  correct: boolean | null;
  rule: string | null;
  latencyMs: number | null;
  /**
   * The answer came from the response cache (shared/runs/model-time.ts fromCache): it has no
   * model time, and is counted apart instead of entering the model's medians and total.
   */
  cached?: boolean;
  /** The model call failed: the question was not answered. */
  error: string | null;
  units: readonly EvidenceItem[];
  unitsSource: ModelEvidenceSource;
}

export interface GapInput {
  session: { id: number; expert: string; scorer: string; signature?: SignatureState };
  run: { id: number; model: string; mode: RunMode | null; scorer: string };
  datasetId: number | null;
  datasetName: string;
  /** In the session's order. */
  questions: readonly GapQuestion[];
  human: readonly GapHuman[];
  /** The run's items for any questions (those outside the session are ignored). */
  model: readonly GapModel[];
  notes?: readonly string[];
}

export interface GapOptions {
  seed?: number;
  iterations?: number;
}

const pct = (k: number, n: number) => (n === 0 ? 0 : round2((100 * k) / n));

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return round2(
    quantileSorted(
      [...values].sort((a, b) => a - b),
      0.5,
    ),
  );
}

/** The model's own time on a question: none when it failed or answered from the cache. */
const liveMs = (m: GapModel): number | null =>
  m.error !== null || m.cached === true ? null : m.latencyMs;

interface Pair {
  q: GapQuestion;
  human: GapHuman & { correct: boolean };
  model: GapModel & { correct: boolean };
}

/**
 * One side of the pairs as a run report's input, so the paired statistics are exactly those
 * of run comparisons (shared/runs/report.ts compareRuns: exact McNemar, document-clustered
 * paired bootstrap), not a second implementation.
 */
function asReportInput(
  id: number,
  scorer: string,
  pairs: readonly Pair[],
  side: 'human' | 'model',
): ReportInput {
  const items: ReportItem[] = [];
  const verdicts: RunVerdict[] = [];
  pairs.forEach((p, i) => {
    const s = p[side];
    items.push({
      itemId: i + 1,
      questionId: p.q.questionId,
      externalId: p.q.externalId,
      output: null,
      answer: s.answer,
      answerKind: 'text',
      answerScale: null,
      program: null,
      execution: null,
      usage: null,
      latencyMs: null,
      error: null,
      facets: p.q.facets,
      cluster: p.q.cluster,
    });
    verdicts.push({
      itemId: i + 1,
      scorer,
      scorerVersion: '',
      correct: s.correct,
      score: s.correct ? 1 : 0,
      outcome: s.correct ? 'correct' : 'incorrect',
      rule: s.rule ?? '',
      extracted: null,
      predNormalized: '',
      goldNormalized: '',
    });
  });
  return {
    run: {
      runId: id,
      status: 'done',
      done: items.length,
      total: items.length,
      model: side,
      mode: null,
      datasetId: null,
      source: 'imported',
      createdAt: '',
      updatedAt: '',
      message: null,
    },
    manifest: {
      // compareRuns reads only the scorers of a manifest; the rest is a placeholder.
      dataset: { id: 0, name: '', format: 'tatqa', contentHash: '', questionCount: items.length },
      subset: null,
      model: { id: side, provider: null, params: {} },
      imported: null,
      mode: null,
      scorers: [{ id: scorer, version: '' }],
      appVersion: '',
      templateHash: null,
      retrieval: null,
    },
    items,
    verdicts,
    unanswered: 0,
    datasetChanged: false,
  };
}

const GAP_SCORER = 'gap';

function group(
  by: GapGroup['by'],
  value: string,
  pairs: readonly Pair[],
  options: Required<GapOptions>,
): GapGroup {
  const c: RunComparison = compareRuns(
    asReportInput(0, GAP_SCORER, pairs, 'human'),
    asReportInput(1, GAP_SCORER, pairs, 'model'),
    { scorer: GAP_SCORER, seed: options.seed, bootstrapIterations: options.iterations },
  );
  const side = (correct: number) => {
    const w = wilson(correct, pairs.length);
    return {
      correct,
      accuracy: pct(correct, pairs.length),
      wilson: { low: round2(100 * w.low), high: round2(100 * w.high) },
    };
  };
  const latencies = pairs
    .map((p) => liveMs(p.model))
    .filter((ms): ms is number => ms !== null)
    .map((ms) => ms / 1000);
  return {
    by,
    value,
    n: c.paired,
    human: side(pairs.filter((p) => p.human.correct).length),
    model: side(pairs.filter((p) => p.model.correct).length),
    difference: c.difference,
    mcnemar: { humanOnly: c.mcnemar.aOnly, modelOnly: c.mcnemar.bOnly, pValue: c.mcnemar.pValue },
    bootstrap: c.bootstrap,
    humanMedianSeconds: median(pairs.map((p) => p.human.activeSeconds)),
    modelMedianSeconds: median(latencies),
  };
}

function share(
  rows: readonly { units: number; inGold: number; goldTargets: number; goldHit: number }[],
): EvidenceShare {
  const sum = (k: 'units' | 'inGold' | 'goldTargets' | 'goldHit') =>
    rows.reduce((s, r) => s + r[k], 0);
  const units = sum('units');
  const inGold = sum('inGold');
  const goldTargets = sum('goldTargets');
  const goldHit = sum('goldHit');
  return {
    items: rows.length,
    units,
    inGold,
    precision: units === 0 ? null : pct(inGold, units),
    goldTargets,
    goldHit,
    recall: goldTargets === 0 ? null : pct(goldHit, goldTargets),
  };
}

/**
 * The gap report of one finished session against one run. Pure and deterministic (the
 * bootstrap is seeded). Only questions both answered are paired: the expert submitted and was
 * graded, the model has an item that is not a failed call and was graded by the run's scorer.
 */
export function buildGapReport(input: GapInput, options: GapOptions = {}): GapReport {
  const opts: Required<GapOptions> = {
    seed: options.seed ?? DEFAULT_BOOTSTRAP_SEED,
    iterations: options.iterations ?? DEFAULT_BOOTSTRAP_ITERATIONS,
  };
  const humanBy = new Map(input.human.map((h) => [h.questionId, h]));
  const modelBy = new Map<string, GapModel>();
  for (const m of input.model) if (!modelBy.has(m.externalId)) modelBy.set(m.externalId, m);

  const items: GapItem[] = [];
  const pairs: Pair[] = [];
  const overlapRows: {
    expert: ReturnType<typeof againstGold>;
    model: ReturnType<typeof againstGold> | null;
    both: number;
    union: number;
    expertN: number;
    modelN: number;
    source: ModelEvidenceSource;
  }[] = [];
  let humanAnswered = 0;
  let modelAnswered = 0;
  for (const q of input.questions) {
    const h = humanBy.get(q.questionId);
    const m = modelBy.get(q.externalId);
    const humanOk = h !== undefined && h.submitted && h.correct !== null;
    const modelOk = m !== undefined && m.error === null && m.correct !== null;
    if (humanOk) humanAnswered++;
    if (modelOk) modelAnswered++;
    const paired = humanOk && modelOk;
    const expertItems = uniqueItems(h?.marks ?? []);
    const modelItems = m ? uniqueItems(m.units) : [];
    const source: ModelEvidenceSource = m ? m.unitsSource : 'none';
    const eg = againstGold(expertItems, q.goldEvidence);
    const mg = againstGold(modelItems, q.goldEvidence);
    const both = sharedItems(expertItems, modelItems);
    items.push({
      questionId: q.questionId,
      externalId: q.externalId,
      question: q.question,
      subset: q.facets.subset,
      answerType: q.facets.answerType,
      gold: q.gold,
      documentId: q.documentId,
      paired,
      human: {
        answer: h?.answer ?? null,
        submitted: h?.submitted ?? false,
        correct: h?.correct ?? null,
        rule: h?.rule ?? null,
        activeSeconds: round2(h?.activeSeconds ?? 0),
      },
      model: m
        ? {
            answer: m.answer,
            correct: m.correct,
            rule: m.rule,
            latencySeconds: liveMs(m) === null ? null : round2(m.latencyMs! / 1000),
            cached: m.cached === true,
            error: m.error,
          }
        : null,
      evidence: {
        expert: expertItems.map(evidenceKey),
        model: modelItems.map(evidenceKey),
        modelSource: source,
        gold: q.goldEvidence.map(evidenceKey),
        expertInGold: eg.inGold,
        goldHitByExpert: eg.goldHit,
        modelInGold: mg.inGold,
        goldHitByModel: mg.goldHit,
        expertAndModel: both,
      },
    });
    if (paired) {
      pairs.push({ q, human: h as Pair['human'], model: m as Pair['model'] });
      overlapRows.push({
        expert: eg,
        model: source === 'none' ? null : mg,
        both,
        union: expertItems.length + modelItems.length - both,
        expertN: expertItems.length,
        modelN: modelItems.length,
        source,
      });
    }
  }

  const groups: GapGroup[] = [];
  if (pairs.length > 0) {
    groups.push(group('all', 'all', pairs, opts));
    for (const [by, key] of [
      ['subset', 'subset'],
      ['answer type', 'answerType'],
    ] as const) {
      const values = [
        ...new Set(pairs.map((p) => p.q.facets[key]).filter((v): v is string => v !== null)),
      ];
      // One value only is the "all" row again.
      if (values.length < 2) continue;
      for (const v of values)
        groups.push(
          group(
            by,
            v,
            pairs.filter((p) => p.q.facets[key] === v),
            opts,
          ),
        );
    }
  }

  const withExpert = overlapRows.filter((r) => r.expertN > 0);
  const withModel = overlapRows.filter((r) => r.model !== null && r.modelN > 0);
  const withBoth = overlapRows.filter((r) => r.model !== null && r.union > 0);
  const bothSum = withBoth.reduce((s, r) => s + r.both, 0);
  const unionSum = withBoth.reduce((s, r) => s + r.union, 0);
  const overlap: EvidenceOverlap = {
    expertVsGold: share(withExpert.map((r) => r.expert)),
    modelVsGold: share(withModel.map((r) => r.model!)),
    expertVsModel: {
      items: withBoth.length,
      expert: withBoth.reduce((s, r) => s + r.expertN, 0),
      model: withBoth.reduce((s, r) => s + r.modelN, 0),
      both: bothSum,
      jaccard: unionSum === 0 ? null : pct(bothSum, unionSum),
    },
    modelSources: {
      trace: overlapRows.filter((r) => r.source === 'trace').length,
      literals: overlapRows.filter((r) => r.source === 'literals').length,
      none: overlapRows.filter((r) => r.source === 'none').length,
    },
  };

  const timed = pairs.filter((p) => liveMs(p.model) !== null);
  const cachedPairs = pairs.filter((p) => p.model.cached === true).length;
  const notes = [...(input.notes ?? [])];
  if (pairs.length > 0 && timed.length === 0)
    notes.push(
      cachedPairs > 0
        ? `${cachedPairs} of the ${pairs.length} paired answers came from the response cache and none was timed live, so the model has no time of its own here: accuracy vs time shows the expert only (a run with the cache off records model time)`
        : 'the run recorded no model latency (imported files usually do not): accuracy vs time shows the expert only',
    );
  if (pairs.length === 0) notes.push('no question was answered by both: nothing to compare');

  return {
    sessionId: input.session.id,
    runId: input.run.id,
    expert: input.session.expert,
    expertSignature: input.session.signature ?? 'local',
    model: input.run.model,
    mode: input.run.mode,
    datasetId: input.datasetId,
    datasetName: input.datasetName,
    scorer: { human: input.session.scorer, model: input.run.scorer },
    counts: {
      questions: input.questions.length,
      humanAnswered,
      modelAnswered,
      paired: pairs.length,
      humanOnly: humanAnswered - pairs.length,
      modelOnly: modelAnswered - pairs.length,
      neither: input.questions.length - humanAnswered - modelAnswered + pairs.length,
    },
    seed: opts.seed,
    iterations: opts.iterations,
    groups,
    time: {
      humanTotalSeconds: round2(pairs.reduce((s, p) => s + p.human.activeSeconds, 0)),
      modelTotalSeconds:
        timed.length === 0
          ? null
          : round2(timed.reduce((s, p) => s + p.model.latencyMs! / 1000, 0)),
      modelTimed: timed.length,
      modelCached: cachedPairs,
    },
    disagreements: items.filter((it) => it.paired && it.human.correct !== it.model?.correct),
    overlap,
    items,
    notes,
  };
}
