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
import {
  againstGold,
  sharedItems,
  uniqueItems,
  type EvidenceItem,
  type ItemsVsGold,
} from './evidence-overlap';
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

/** One paired question's evidence, for the overlap figures. */
interface OverlapRow {
  expert: ItemsVsGold;
  model: ItemsVsGold | null;
  both: number;
  union: number;
  expertN: number;
  modelN: number;
  source: ModelEvidenceSource;
}

/** Each side's evidence items of one question, and how they stand against gold and each other. */
function evidenceOf(q: GapQuestion, h: GapHuman | undefined, m: GapModel | undefined) {
  const expertItems = uniqueItems(h?.marks ?? []);
  const modelItems = m ? uniqueItems(m.units) : [];
  const source: ModelEvidenceSource = m ? m.unitsSource : 'none';
  return {
    expertItems,
    modelItems,
    source,
    eg: againstGold(expertItems, q.goldEvidence),
    mg: againstGold(modelItems, q.goldEvidence),
    both: sharedItems(expertItems, modelItems),
  };
}

/** The report's line for one question of the session. */
function gapItem(
  q: GapQuestion,
  h: GapHuman | undefined,
  m: GapModel | undefined,
  paired: boolean,
  e: ReturnType<typeof evidenceOf>,
): GapItem {
  return {
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
      expert: e.expertItems.map(evidenceKey),
      model: e.modelItems.map(evidenceKey),
      modelSource: e.source,
      gold: q.goldEvidence.map(evidenceKey),
      expertInGold: e.eg.inGold,
      goldHitByExpert: e.eg.goldHit,
      modelInGold: e.mg.inGold,
      goldHitByModel: e.mg.goldHit,
      expertAndModel: e.both,
    },
  };
}

/**
 * Every question of the session matched to the expert's answer (by question id) and the run's
 * (by the dataset's id, the first item when a run has several): the report's lines, the pairs
 * both answered, and their evidence.
 */
function pairQuestions(input: GapInput) {
  const humanBy = new Map(input.human.map((h) => [h.questionId, h]));
  const modelBy = new Map<string, GapModel>();
  for (const m of input.model) if (!modelBy.has(m.externalId)) modelBy.set(m.externalId, m);

  const items: GapItem[] = [];
  const pairs: Pair[] = [];
  const overlapRows: OverlapRow[] = [];
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
    const e = evidenceOf(q, h, m);
    items.push(gapItem(q, h, m, paired, e));
    if (paired) {
      pairs.push({ q, human: h as Pair['human'], model: m as Pair['model'] });
      overlapRows.push({
        expert: e.eg,
        model: e.source === 'none' ? null : e.mg,
        both: e.both,
        union: e.expertItems.length + e.modelItems.length - e.both,
        expertN: e.expertItems.length,
        modelN: e.modelItems.length,
        source: e.source,
      });
    }
  }
  return { items, pairs, overlapRows, humanAnswered, modelAnswered };
}

/** The "all" row, then one row per subset and per answer type (when there are two or more). */
function gapGroups(pairs: readonly Pair[], opts: Required<GapOptions>): GapGroup[] {
  const groups: GapGroup[] = [];
  if (pairs.length === 0) return groups;
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
  return groups;
}

/** Evidence of the paired questions: each side against gold, and expert against model. */
function evidenceOverlap(overlapRows: readonly OverlapRow[]): EvidenceOverlap {
  const withExpert = overlapRows.filter((r) => r.expertN > 0);
  const withModel = overlapRows.filter((r) => r.model !== null && r.modelN > 0);
  const withBoth = overlapRows.filter((r) => r.model !== null && r.union > 0);
  const bothSum = withBoth.reduce((s, r) => s + r.both, 0);
  const unionSum = withBoth.reduce((s, r) => s + r.union, 0);
  return {
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
}

/** Time spent on the paired questions: the expert's active time and the model's live calls. */
function gapTime(pairs: readonly Pair[]) {
  const timed = pairs.filter((p) => liveMs(p.model) !== null);
  const cachedPairs = pairs.filter((p) => p.model.cached === true).length;
  return {
    humanTotalSeconds: round2(pairs.reduce((s, p) => s + p.human.activeSeconds, 0)),
    modelTotalSeconds:
      timed.length === 0 ? null : round2(timed.reduce((s, p) => s + p.model.latencyMs! / 1000, 0)),
    modelTimed: timed.length,
    modelCached: cachedPairs,
  };
}

/** The input's notes, and why the comparison is thin when it is. */
function gapNotes(input: GapInput, pairs: readonly Pair[], time: ReturnType<typeof gapTime>) {
  const notes = [...(input.notes ?? [])];
  if (pairs.length > 0 && time.modelTimed === 0)
    notes.push(
      time.modelCached > 0
        ? `${time.modelCached} of the ${pairs.length} paired answers came from the response cache and none was timed live, so the model has no time of its own here: accuracy vs time shows the expert only (a run with the cache off records model time)`
        : 'the run recorded no model latency (imported files usually do not): accuracy vs time shows the expert only',
    );
  if (pairs.length === 0) notes.push('no question was answered by both: nothing to compare');
  return notes;
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
  const { items, pairs, overlapRows, humanAnswered, modelAnswered } = pairQuestions(input);
  const groups = gapGroups(pairs, opts);
  const overlap = evidenceOverlap(overlapRows);
  const time = gapTime(pairs);
  const notes = gapNotes(input, pairs, time);

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
    time,
    disagreements: items.filter((it) => it.paired && it.human.correct !== it.model?.correct),
    overlap,
    items,
    notes,
  };
}
