import { defaultScorerRow } from '../grading/default-scorers';
import { answerText } from './answer-text';
import type { DatasetFormat } from '../document/dataset-format';
import { bootstrap, mcnemarFromPairs, pairedBootstrap, wilson } from '../stats';
import { failureCause, FAILURE_CAUSES, type FailureCause } from './failure-cause';
import type { JudgeSummary } from './judge';
import { modelTimeOf, type ModelTime } from './model-time';
import type { RunItem, RunManifest, RunMode, RunSummary, RunVerdict } from './run';
import { IMPORTED_SCORER_ID } from './run';
import type { QuestionFacets } from './subsets';
import { reportMethod, type ReportMethod } from './method';
import { compact } from '../util/compact';

export { reportMethod, type MethodScorer, type ReportMethod } from './method';

/** One stored item with the facts about its question a report groups by. */
export interface ReportItem extends RunItem {
  /** The question's text (absent: not known, e.g. removed from the dataset). */
  question?: string | null;
  facets: QuestionFacets;
  /** Resampling unit of the clustered bootstrap: the question's document. */
  cluster: string;
}

export interface ReportInput {
  run: RunSummary;
  manifest: RunManifest;
  items: readonly ReportItem[];
  verdicts: readonly RunVerdict[];
  /** Questions of the run's scope with no item (an unfinished run, a file that skipped some). */
  unanswered: number;
  /** The dataset's questions changed since the run was made (its content hash differs). */
  datasetChanged: boolean;
}

export interface ReportOptions {
  /**
   * The scorer items, failures and comparisons are shown by (default: the dataset format's
   * default scorer, shared/grading/default-scorers.ts, when the run has it).
   */
  scorer?: string | undefined;
  bootstrapIterations?: number | undefined;
  seed?: number | undefined;
}

export interface Interval {
  low: number;
  high: number;
}

export interface ScorerAccuracy {
  scorer: string;
  version: string;
  /** Items this scorer graded (= items, unless a re-grade was interrupted). */
  n: number;
  correct: number;
  /** Percent, 2 decimals (as DocMath-Eval reports). */
  accuracy: number;
}

export interface ReportRow {
  questionId: number | null;
  externalId: string;
  /** The question's text; null when it was removed from the dataset. */
  question: string | null;
  subset: string;
  outcome: RunVerdict['outcome'] | null;
  correct: boolean | null;
  rule: string | null;
  /**
   * The answer as graded, as text: once, in its own unit ("49.3558418481%"; every digit, for
   * files; the item list shortens it for display).
   */
  answer: string | null;
  cause: FailureCause | null;
  verdicts: Record<string, { correct: boolean; outcome: RunVerdict['outcome']; rule: string }>;
}

export interface Breakdown {
  by: 'answer type' | 'evidence source';
  groups: { value: string; n: number; accuracy: Record<string, number> }[];
}

export interface RunReport {
  runId: number;
  model: string;
  mode: RunMode | null;
  status: RunSummary['status'];
  source: RunSummary['source'];
  datasetId: number | null;
  datasetName: string;
  /** Items reported (written by the run). */
  n: number;
  total: number;
  unanswered: number;
  datasetChanged: boolean;
  scorer: string;
  /** The Method list: the format's default scorer and each scorer's version and role. */
  method: ReportMethod;
  scorers: ScorerAccuracy[];
  /** Percent correct per scorer; `imported` holds the verdicts the file recorded. */
  accuracy: Record<string, number>;
  /** 95% intervals in percent: Wilson, and a bootstrap resampling whole documents. */
  intervals: Record<string, { wilson: Interval; bootstrap: Interval; clusters: number }>;
  /** Table 2: percent per subset per scorer, with each subset's item count. */
  subsets: {
    columns: string[];
    n: Record<string, number>;
    accuracy: Record<string, Record<string, number>>;
  };
  /** PoT runs: percent of programs that ran and returned a number (null for other modes). */
  executionRate: number | null;
  /**
   * The model's seconds per answer, over answers made live; answers from the response cache
   * are counted apart and left out (shared/runs/model-time.ts).
   */
  modelTime: ModelTime;
  breakdowns: Breakdown[];
  /** Why the shown scorer's wrong items were wrong, most frequent first. */
  failures: { cause: FailureCause; count: number; examples: string[] }[];
  items: ReportRow[];
  /**
   * LLM judge verdicts (main/runs/judge), one summary per `<judge model>/<rubric id>`: their own
   * block, never counted in `accuracy`. Added by the service that reads the judge's table.
   */
  judges?: Record<string, JudgeSummary> | undefined;
}

const pct = (k: number, n: number) => (n === 0 ? 0 : round2((100 * k) / n));
export const round2 = (x: number) => Math.round(x * 100) / 100;
const pctInterval = (i: Interval): Interval => ({
  low: round2(100 * i.low),
  high: round2(100 * i.high),
});

/**
 * The scorer a report shows by default: the dataset format's default scorer
 * (shared/grading/default-scorers.ts) when the run has its verdicts, else the first of its own,
 * else the file's.
 */
export function shownScorer(format: DatasetFormat, scorers: readonly string[]): string | undefined {
  const def = defaultScorerRow(format).scorer;
  if (scorers.includes(def)) return def;
  return scorers.find((s) => s !== IMPORTED_SCORER_ID) ?? scorers[0];
}

/** A run's scorers with the one a report shows first (exports headline the same verdict). */
export function shownFirst(format: DatasetFormat, scorers: readonly string[]): string[] {
  const shown = shownScorer(format, scorers);
  return shown === undefined ? [...scorers] : [shown, ...scorers.filter((s) => s !== shown)];
}

/** An item's answer as text, every digit kept, cut at 200 characters. */
export function showAnswer(item: Pick<RunItem, 'answer' | 'answerScale'>): string | null {
  const s = answerText(item, 'full');
  if (s === null) return null;
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

/** Verdicts by scorer, then by item id. */
function indexVerdicts(verdicts: readonly RunVerdict[]): Map<string, Map<number, RunVerdict>> {
  const by = new Map<string, Map<number, RunVerdict>>();
  for (const v of verdicts) {
    let m = by.get(v.scorer);
    if (!m) by.set(v.scorer, (m = new Map<number, RunVerdict>()));
    m.set(v.itemId, v);
  }
  return by;
}

function orderedScorers(manifest: RunManifest, present: Iterable<string>): string[] {
  const seen = new Set(present);
  const order = manifest.scorers.map((s) => s.id).filter((id) => seen.has(id));
  for (const id of seen) if (!order.includes(id)) order.push(id);
  return order;
}

type VerdictsByScorer = Map<string, Map<number, RunVerdict>>;

/** Accuracy of each scorer over the items it graded, with its Wilson and clustered intervals. */
function scorerAccuracies(
  input: ReportInput,
  scorerIds: readonly string[],
  byScorer: VerdictsByScorer,
  bootOptions: { iterations?: number; seed?: number },
) {
  const items = input.items;
  const scorers: ScorerAccuracy[] = [];
  const accuracy: Record<string, number> = {};
  const intervals: RunReport['intervals'] = {};
  for (const id of scorerIds) {
    const m = byScorer.get(id)!;
    const graded = items.filter((it) => m.has(it.itemId));
    const correct = graded.filter((it) => m.get(it.itemId)!.correct).length;
    const version =
      input.manifest.scorers.find((s) => s.id === id)?.version ??
      m.values().next().value?.scorerVersion ??
      '';
    scorers.push({
      scorer: id,
      version,
      n: graded.length,
      correct,
      accuracy: pct(correct, graded.length),
    });
    accuracy[id] = pct(correct, graded.length);
    const clusters = graded.map((it) => it.cluster);
    const boot =
      graded.length > 0
        ? bootstrap(
            graded.map((it) => (m.get(it.itemId)!.correct ? 1 : 0)),
            { ...bootOptions, clusters },
          )
        : { low: 0, high: 1 };
    intervals[id] = {
      wilson: pctInterval(wilson(correct, graded.length)),
      bootstrap: pctInterval(boot),
      clusters: new Set(clusters).size,
    };
  }
  return { scorers, accuracy, intervals };
}

/** Table 2: subsets in first-seen order (the dataset's own order), average = all items. */
function subsetTable(
  items: readonly ReportItem[],
  scorerIds: readonly string[],
  byScorer: VerdictsByScorer,
): RunReport['subsets'] {
  const columns: string[] = [];
  const subsetN: Record<string, number> = {};
  for (const it of items) {
    if (!(it.facets.subset in subsetN)) {
      columns.push(it.facets.subset);
      subsetN[it.facets.subset] = 0;
    }
    subsetN[it.facets.subset]!++;
  }
  const subsetAccuracy: Record<string, Record<string, number>> = {};
  for (const id of scorerIds) {
    const m = byScorer.get(id)!;
    const row: Record<string, number> = {};
    for (const col of columns) {
      const inCol = items.filter((it) => it.facets.subset === col && m.has(it.itemId));
      row[col] = pct(inCol.filter((it) => m.get(it.itemId)!.correct).length, inCol.length);
    }
    subsetAccuracy[id] = row;
  }
  return { columns, n: subsetN, accuracy: subsetAccuracy };
}

/** Accuracy per answer type and per evidence source (each when it has two values or more). */
function breakdownsOf(
  items: readonly ReportItem[],
  scorerIds: readonly string[],
  byScorer: VerdictsByScorer,
): Breakdown[] {
  const breakdowns: Breakdown[] = [];
  for (const [by, key] of [
    ['answer type', 'answerType'],
    ['evidence source', 'evidenceSource'],
  ] as const) {
    const values = [
      ...new Set(items.map((it) => it.facets[key]).filter((v): v is string => v !== null)),
    ];
    if (values.length < 2) continue;
    breakdowns.push({
      by,
      groups: values.map((value) => {
        const group = items.filter((it) => it.facets[key] === value);
        const acc: Record<string, number> = {};
        for (const id of scorerIds) {
          const m = byScorer.get(id)!;
          const g = group.filter((it) => m.has(it.itemId));
          acc[id] = pct(g.filter((it) => m.get(it.itemId)!.correct).length, g.length);
        }
        return { value, n: group.length, accuracy: acc };
      }),
    });
  }
  return breakdowns;
}

/** PoT runs: percent of items whose program ran and returned a number; null for other modes. */
function executionRateOf(input: ReportInput): number | null {
  const items = input.items;
  const programmed = input.manifest.mode === 'pot' || input.manifest.mode === 'pot-python';
  const withExecution = items.filter((it) => it.execution !== null);
  return programmed && withExecution.length > 0
    ? pct(withExecution.filter((it) => it.execution!.ok).length, items.length)
    : null;
}

/** One row per item: the shown scorer's verdict and failure cause, and every scorer's verdict. */
function reportRows(
  items: readonly ReportItem[],
  scorerIds: readonly string[],
  byScorer: VerdictsByScorer,
  shown: string,
): ReportRow[] {
  const shownVerdicts = byScorer.get(shown) ?? new Map<number, RunVerdict>();
  return items.map((it) => {
    const v = shownVerdicts.get(it.itemId);
    const verdicts: ReportRow['verdicts'] = {};
    for (const id of scorerIds) {
      const w = byScorer.get(id)!.get(it.itemId);
      if (w) verdicts[id] = { correct: w.correct, outcome: w.outcome, rule: w.rule };
    }
    return {
      questionId: it.questionId,
      externalId: it.externalId,
      question: it.question ?? null,
      subset: it.facets.subset,
      outcome: v?.outcome ?? null,
      correct: v?.correct ?? null,
      rule: v?.rule ?? null,
      answer: showAnswer(it),
      cause: v && !v.correct ? failureCause(it, v) : null,
      verdicts,
    };
  });
}

/** The failure causes of the rows, most frequent first, with up to five examples each. */
function failuresOf(rows: readonly ReportRow[]): RunReport['failures'] {
  const failureMap = new Map<FailureCause, { count: number; examples: string[] }>();
  for (const r of rows) {
    if (r.cause === null) continue;
    const f = failureMap.get(r.cause) ?? { count: 0, examples: [] };
    f.count++;
    if (f.examples.length < 5) f.examples.push(r.externalId);
    failureMap.set(r.cause, f);
  }
  return [...failureMap.entries()]
    .map(([cause, f]) => ({ cause, ...f }))
    .sort(
      (a, b) =>
        b.count - a.count || FAILURE_CAUSES.indexOf(a.cause) - FAILURE_CAUSES.indexOf(b.cause),
    );
}

/** Builds the report of one run. Pure: same input, same report (the bootstrap is seeded). */
export function buildReport(input: ReportInput, options: ReportOptions = {}): RunReport {
  const byScorer = indexVerdicts(input.verdicts);
  const scorerIds = orderedScorers(input.manifest, byScorer.keys());
  const shown = options.scorer ?? shownScorer(input.manifest.dataset.format, scorerIds) ?? '';
  if (options.scorer !== undefined && !byScorer.has(options.scorer))
    throw new RangeError(
      `run #${input.run.runId} has no verdicts of scorer "${options.scorer}" (it has ${scorerIds.join(', ') || 'none'})`,
    );
  const items = input.items;
  const bootOptions = compact({ iterations: options.bootstrapIterations, seed: options.seed });
  const { scorers, accuracy, intervals } = scorerAccuracies(
    input,
    scorerIds,
    byScorer,
    bootOptions,
  );
  const rows = reportRows(items, scorerIds, byScorer, shown);

  return {
    runId: input.run.runId,
    model: input.run.model,
    mode: input.run.mode,
    status: input.run.status,
    source: input.run.source,
    datasetId: input.run.datasetId,
    datasetName: input.manifest.dataset.name,
    n: items.length,
    total: input.run.total,
    unanswered: input.unanswered,
    datasetChanged: input.datasetChanged,
    scorer: shown,
    method: reportMethod(input.manifest, scorers),
    scorers,
    accuracy,
    intervals,
    subsets: subsetTable(items, scorerIds, byScorer),
    executionRate: executionRateOf(input),
    modelTime: modelTimeOf(items),
    breakdowns: breakdownsOf(items, scorerIds, byScorer),
    failures: failuresOf(rows),
    items: rows,
  };
}

export interface Flip {
  questionId: number | null;
  externalId: string;
  /** Which run got it right. */
  rightIn: 'a' | 'b';
  a: { rule: string; answer: string | null };
  b: { rule: string; answer: string | null };
}

export interface RunComparison {
  runA: number;
  runB: number;
  scorer: string;
  /** Questions both runs answered and the scorer graded in both. */
  paired: number;
  onlyA: number;
  onlyB: number;
  accuracyA: number;
  accuracyB: number;
  /** Percentage points, A − B. */
  difference: number;
  mcnemar: { aOnly: number; bOnly: number; pValue: number };
  /** Paired bootstrap of A − B in percentage points, resampling whole documents. */
  bootstrap: { low: number; high: number; pValue: number };
  /**
   * Model time of each run on the paired questions; answers from the response cache are
   * counted apart and left out (shared/runs/model-time.ts).
   */
  modelTime: { a: ModelTime; b: ModelTime };
  flips: Flip[];
}

/**
 * Compares two runs question by question (matched by the dataset's own id, so runs over two
 * imports of the same dataset pair up too): exact McNemar on the discordant pairs and a paired,
 * document-clustered bootstrap interval of the difference, and the list of flips.
 */
export function compareRuns(
  a: ReportInput,
  b: ReportInput,
  options: ReportOptions = {},
): RunComparison {
  const va = indexVerdicts(a.verdicts);
  const vb = indexVerdicts(b.verdicts);
  const common = [...va.keys()].filter((s) => vb.has(s));
  const scorer =
    options.scorer ??
    shownScorer(a.manifest.dataset.format, orderedScorers(a.manifest, common)) ??
    '';
  if (!va.has(scorer) || !vb.has(scorer))
    throw new RangeError(
      `both runs need verdicts of scorer "${scorer}" to be compared (run #${a.run.runId}: ${[...va.keys()].join(', ') || 'none'}; run #${b.run.runId}: ${[...vb.keys()].join(', ') || 'none'})`,
    );
  const ma = va.get(scorer)!;
  const mb = vb.get(scorer)!;
  const bItems = new Map(
    b.items.filter((it) => mb.has(it.itemId)).map((it) => [it.externalId, it]),
  );
  const pairs: { a: ReportItem; b: ReportItem; ca: boolean; cb: boolean }[] = [];
  let onlyA = 0;
  for (const ia of a.items) {
    if (!ma.has(ia.itemId)) continue;
    const ib = bItems.get(ia.externalId);
    if (!ib) {
      onlyA++;
      continue;
    }
    bItems.delete(ia.externalId);
    pairs.push({ a: ia, b: ib, ca: ma.get(ia.itemId)!.correct, cb: mb.get(ib.itemId)!.correct });
  }
  const onlyB = bItems.size;
  if (pairs.length === 0)
    throw new RangeError(
      `runs #${a.run.runId} and #${b.run.runId} share no graded question: nothing to compare`,
    );
  const mc = mcnemarFromPairs(
    pairs.map((p) => p.ca),
    pairs.map((p) => p.cb),
  );
  const boot = pairedBootstrap(
    pairs.map((p) => (p.ca ? 1 : 0)),
    pairs.map((p) => (p.cb ? 1 : 0)),
    {
      clusters: pairs.map((p) => p.a.cluster),
      ...compact({ iterations: options.bootstrapIterations, seed: options.seed }),
    },
  );
  const flips: Flip[] = pairs
    .filter((p) => p.ca !== p.cb)
    .map((p) => ({
      questionId: p.a.questionId ?? p.b.questionId,
      externalId: p.a.externalId,
      rightIn: p.ca ? 'a' : 'b',
      a: { rule: ma.get(p.a.itemId)!.rule, answer: showAnswer(p.a) },
      b: { rule: mb.get(p.b.itemId)!.rule, answer: showAnswer(p.b) },
    }));
  return {
    runA: a.run.runId,
    runB: b.run.runId,
    scorer,
    paired: pairs.length,
    onlyA,
    onlyB,
    accuracyA: pct(pairs.filter((p) => p.ca).length, pairs.length),
    accuracyB: pct(pairs.filter((p) => p.cb).length, pairs.length),
    difference: round2(100 * boot.estimate),
    mcnemar: { aOnly: mc.b, bOnly: mc.c, pValue: mc.pValue },
    bootstrap: { low: round2(100 * boot.low), high: round2(100 * boot.high), pValue: boot.pValue },
    modelTime: { a: modelTimeOf(pairs.map((p) => p.a)), b: modelTimeOf(pairs.map((p) => p.b)) },
    flips,
  };
}
