import { z } from 'zod';
import { wilson } from '../stats';
import {
  DEFAULT_ELO_ITERATIONS,
  DEFAULT_ELO_PRIOR,
  eloTable,
  type PairOutcome,
} from '../stats/elo';
import { ChatMessage } from '../llm/provider';
import { JUDGE_VERDICTS, type JudgeVerdictValue, type PairChoice } from './judge-verdict';
import { RunMode, RunProviderRef } from './run';
import { compact } from '../util/compact';

/**
 * The LLM judge (docs/runs.md#judge): a judge model grades a run's free-text answers against
 * the gold with a rubric, and compares two runs' answers pairwise for an Elo table. Judgements
 * live in their own tables and their own report block; they never enter a scorer's accuracy.
 */

export const JudgementStatus = z.enum(['judged', 'unreadable', 'refused']);
export type JudgementStatus = z.infer<typeof JudgementStatus>;

const JudgeSettings = z.object({
  provider: RunProviderRef,
  model: z.string().trim().min(1),
  /** A rubric of the user's own instead of the built-in one (its text, e.g. a file's). */
  rubricText: z.string().trim().min(1).max(50_000).optional(),
  /** Judge calls in flight at most (default 4). */
  concurrency: z.number().int().min(1).max(64).optional(),
  /** Only the first N items (in the run's order). */
  limit: z.number().int().min(1).optional(),
});

/** `runs.judge`: grade each item of a run with a judge model. */
export const RunJudgeInput = JudgeSettings.extend({ runId: z.number().int() }).strict();
export type RunJudgeInput = z.infer<typeof RunJudgeInput>;

/** `runs.judgePairwise`: compare the answers of two or more runs to the same questions. */
export const RunPairwiseInput = JudgeSettings.extend({
  runIds: z.array(z.number().int()).min(2).max(16),
}).strict();
export type RunPairwiseInput = z.infer<typeof RunPairwiseInput>;

const RubricRef = z.object({ id: z.string(), hash: z.string() });

/** What one judging pass did; counts are of items (pairwise: of asks, two per pair). */
const JudgeCounts = z.object({
  judgeModel: z.string(),
  rubric: RubricRef,
  /** Judgements needed. */
  wanted: z.number().int(),
  /** Asked in this pass and stored (whatever the reply). */
  asked: z.number().int(),
  /** Already stored with the same judge, rubric, answer and gold: not asked again. */
  reused: z.number().int(),
  /** Stored replies that hold no readable verdict / in which the judge declined. */
  unreadable: z.number().int(),
  refused: z.number().int(),
  /** Calls that failed (the endpoint); nothing stored; the same command asks them again. */
  failed: z.number().int(),
  /** Not attempted: judging stopped (the model is gone, the key refused, offline). */
  notAsked: z.number().int(),
  firstError: z.string().nullable(),
  inputTokens: z.number(),
  outputTokens: z.number(),
});

export const JudgeSummarySchema = z.object({
  judgeModel: z.string(),
  rubricId: z.string(),
  rubricHash: z.string(),
  /** Items with a readable, current verdict. */
  n: z.number().int(),
  correct: z.number().int(),
  partially: z.number().int(),
  incorrect: z.number().int(),
  unreadable: z.number().int(),
  refused: z.number().int(),
  /**
   * Judgements made against an answer or gold that has changed since (a re-answered item, an
   * accepted dispute): left out of every other count; `workbench judge` again asks them anew.
   */
  stale: z.number().int(),
  /** Percent of `n` judged correct (partially counts as not correct), 2 decimals. */
  accuracy: z.number(),
  /** Mean of the judge's 0..1 scores over `n`, 3 decimals (null when n = 0). */
  meanScore: z.number().nullable(),
  /** 95% Wilson interval of `accuracy`, percent. */
  interval: z.object({ low: z.number(), high: z.number() }),
});
export type JudgeSummary = z.infer<typeof JudgeSummarySchema>;

export const RunJudgeResult = JudgeCounts.extend({
  runId: z.number().int(),
  /** Items not sent to the judge: the run has no answer for them (a failed item). */
  skipped: z.number().int(),
  summary: JudgeSummarySchema,
});
export type RunJudgeResult = z.infer<typeof RunJudgeResult>;

export const EloTableSchema = z.object({
  runIds: z.array(z.number().int()),
  judgeModel: z.string(),
  rubricId: z.string(),
  /** Questions with at least one usable pair outcome. */
  questions: z.number().int(),
  /** Pair outcomes (one per question and pair of runs, both orders combined). */
  outcomes: z.number().int(),
  /** Pairs left out: a reply of either order unreadable or refused. */
  unreadable: z.number().int(),
  /** Pairs whose two orders disagreed (counted as ties). */
  positionDisagreements: z.number().int(),
  prior: z.number(),
  iterations: z.number().int(),
  rows: z.array(
    z.object({
      runId: z.number().int(),
      model: z.string(),
      mode: RunMode.nullable(),
      rating: z.number(),
      low: z.number().nullable(),
      high: z.number().nullable(),
      wins: z.number().int(),
      losses: z.number().int(),
      ties: z.number().int(),
    }),
  ),
});
export type EloTable = z.infer<typeof EloTableSchema>;

export const RunPairwiseResult = JudgeCounts.extend({
  runIds: z.array(z.number().int()),
  /** Questions all runs answered (the ones compared). */
  questions: z.number().int(),
  elo: EloTableSchema,
});
export type RunPairwiseResult = z.infer<typeof RunPairwiseResult>;

/** One stored judgement as `runs.judgements` shows it: what was asked and what came back. */
export const StoredJudgementSchema = z.object({
  itemId: z.number().int(),
  /** The dataset's own question id. */
  externalId: z.string(),
  judgeModel: z.string(),
  /** Base URL or provider id, with the key's secret name at most (never a key). */
  endpoint: z.string(),
  rubricId: z.string(),
  rubricHash: z.string(),
  /** SHA-256 of what was judged (question, gold, answer): re-used while it matches. */
  contentHash: z.string(),
  prompt: z.array(ChatMessage),
  /** The judge's reply, as it came. */
  reply: z.string(),
  status: JudgementStatus,
  verdict: z.enum(JUDGE_VERDICTS).nullable(),
  score: z.number().nullable(),
  /** The judge's reason, or why the reply could not be read. */
  reason: z.string(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  latencyMs: z.number(),
  createdAt: z.string(),
});
export type StoredJudgement = z.infer<typeof StoredJudgementSchema>;

/** What the summaries need of a stored judgement. */
export interface JudgementRecord {
  judgeModel: string;
  rubricId: string;
  rubricHash: string;
  status: JudgementStatus;
  verdict: JudgeVerdictValue | null;
  score: number | null;
  /** Made against an answer or gold that changed since: counted apart. */
  stale?: boolean;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The label of a judge in reports: `<judge model>/<rubric id>`. */
export const judgeKey = (judgeModel: string, rubricId: string) => `${judgeModel}/${rubricId}`;

/** The report's `judges` block: one summary per judge model and rubric. */
export function summarizeJudgements(
  rows: readonly JudgementRecord[],
): Record<string, JudgeSummary> {
  const groups = new Map<string, JudgementRecord[]>();
  for (const r of rows) {
    const key = judgeKey(r.judgeModel, r.rubricId);
    const g = groups.get(key);
    if (g) g.push(r);
    else groups.set(key, [r]);
  }
  const out: Record<string, JudgeSummary> = {};
  for (const [key, g] of groups) out[key] = summarizeJudge(g[0]!, g);
  return out;
}

/** One judge's summary over its judgements (all of the same model and rubric). */
export function summarizeJudge(
  judge: Pick<JudgementRecord, 'judgeModel' | 'rubricId' | 'rubricHash'>,
  g: readonly JudgementRecord[],
): JudgeSummary {
  const current = g.filter((r) => r.stale !== true);
  const judged = current.filter((r) => r.status === 'judged');
  const count = (v: JudgeVerdictValue) => judged.filter((r) => r.verdict === v).length;
  const correct = count('correct');
  const n = judged.length;
  const w = wilson(correct, n);
  return {
    judgeModel: judge.judgeModel,
    rubricId: judge.rubricId,
    rubricHash: judge.rubricHash,
    n,
    correct,
    partially: count('partially'),
    incorrect: count('incorrect'),
    unreadable: current.filter((r) => r.status === 'unreadable').length,
    refused: current.filter((r) => r.status === 'refused').length,
    stale: g.length - current.length,
    accuracy: n === 0 ? 0 : round2((100 * correct) / n),
    meanScore:
      n === 0
        ? null
        : Math.round((1000 * judged.reduce((s, r) => s + (r.score ?? 0), 0)) / n) / 1000,
    interval: { low: round2(100 * w.low), high: round2(100 * w.high) },
  };
}

/** What the Elo table needs of a stored pairwise judgement (one order of one pair). */
export interface PairJudgementRecord {
  /** The run whose answer was shown first (as A). */
  firstRun: number;
  secondRun: number;
  externalId: string;
  status: JudgementStatus;
  choice: PairChoice | null;
}

export interface CombinedPairs {
  outcomes: PairOutcome[];
  unreadable: number;
  positionDisagreements: number;
}

/**
 * Both orders of each pair combined into one outcome, which cancels position bias: the same
 * run preferred in both orders wins; a tie in either, or each order preferring its first (or
 * second) answer, is a tie. A pair with only one order, or an unreadable or refused reply in
 * either, is left out (counted). Players are run ids as strings; the cluster is the question.
 */
export function combinePairJudgements(rows: readonly PairJudgementRecord[]): CombinedPairs {
  const byPair = new Map<string, PairJudgementRecord[]>();
  for (const r of rows) {
    const [lo, hi] =
      r.firstRun < r.secondRun ? [r.firstRun, r.secondRun] : [r.secondRun, r.firstRun];
    const key = `${lo}\u0000${hi}\u0000${r.externalId}`;
    const g = byPair.get(key);
    if (g) g.push(r);
    else byPair.set(key, [r]);
  }
  const outcomes: PairOutcome[] = [];
  let unreadable = 0;
  let positionDisagreements = 0;
  for (const g of byPair.values()) {
    const x = Math.min(g[0]!.firstRun, g[0]!.secondRun);
    const y = Math.max(g[0]!.firstRun, g[0]!.secondRun);
    const xFirst = g.find((r) => r.firstRun === x);
    const yFirst = g.find((r) => r.firstRun === y);
    if (!xFirst || !yFirst) continue; // one order still to be asked
    if (xFirst.status !== 'judged' || yFirst.status !== 'judged') {
      unreadable++;
      continue;
    }
    // The score of x in each order: x shown first in one, second in the other.
    const s1 = xFirst.choice === 'first' ? 1 : xFirst.choice === 'second' ? 0 : 0.5;
    const s2 = yFirst.choice === 'second' ? 1 : yFirst.choice === 'first' ? 0 : 0.5;
    if (s1 !== 0.5 && s2 !== 0.5 && s1 !== s2) positionDisagreements++;
    const score = s1 === s2 ? s1 : 0.5;
    outcomes.push({ a: String(x), b: String(y), score, cluster: g[0]!.externalId });
  }
  return { outcomes, unreadable, positionDisagreements };
}

export interface EloOfRunsOptions {
  prior?: number;
  iterations?: number;
  seed?: number;
}

/** The Elo table of runs from their stored pairwise judgements (pure; seeded bootstrap). */
export function eloOfRuns(
  runs: readonly { runId: number; model: string; mode: RunMode | null }[],
  judge: { judgeModel: string; rubricId: string },
  rows: readonly PairJudgementRecord[],
  options: EloOfRunsOptions = {},
): EloTable {
  const combined = combinePairJudgements(rows);
  const prior = options.prior ?? DEFAULT_ELO_PRIOR;
  const iterations = options.iterations ?? DEFAULT_ELO_ITERATIONS;
  const table = eloTable(
    runs.map((r) => String(r.runId)),
    combined.outcomes,
    { prior, iterations, ...compact({ seed: options.seed }) },
  );
  const rows2 = table.map((t, i) => ({
    runId: runs[i]!.runId,
    model: runs[i]!.model,
    mode: runs[i]!.mode,
    rating: Math.round(t.rating * 10) / 10,
    low: t.low === null ? null : Math.round(t.low * 10) / 10,
    high: t.high === null ? null : Math.round(t.high * 10) / 10,
    wins: t.wins,
    losses: t.losses,
    ties: t.ties,
  }));
  return {
    runIds: runs.map((r) => r.runId),
    judgeModel: judge.judgeModel,
    rubricId: judge.rubricId,
    questions: new Set(combined.outcomes.map((o) => o.cluster)).size,
    outcomes: combined.outcomes.length,
    unreadable: combined.unreadable,
    positionDisagreements: combined.positionDisagreements,
    prior,
    iterations,
    rows: rows2.sort((a, b) => b.rating - a.rating),
  };
}
