import { z } from 'zod';
import { RunMode } from '../runs/run';
import { SignatureState } from '../sessions/session';

/**
 * The human-vs-model gap (docs/sessions.md, "Gap view"): one finished expert session against
 * one run on the same questions (matched by the dataset's own question id), compared only on
 * the questions both answered. Percentages are percent with 2 decimals; differences are
 * percentage points, human − model.
 */

const Interval = z.object({ low: z.number(), high: z.number() });

export const GapSide = z.object({
  correct: z.number().int(),
  /** Percent correct of the group's paired questions. */
  accuracy: z.number(),
  /** 95% Wilson interval, percent. */
  wilson: Interval,
});
export type GapSide = z.infer<typeof GapSide>;

/** One row of the per-subset table: "all", a benchmark subset, or an answer type. */
export const GapGroup = z.object({
  by: z.enum(['all', 'subset', 'answer type']),
  value: z.string(),
  /** Questions both the expert and the model answered in this group. */
  n: z.number().int(),
  human: GapSide,
  model: GapSide,
  /** Percentage points, human − model. */
  difference: z.number(),
  /** Exact McNemar on the discordant pairs: only the human right (b), only the model right (c). */
  mcnemar: z.object({
    humanOnly: z.number().int(),
    modelOnly: z.number().int(),
    pValue: z.number(),
  }),
  /** Paired bootstrap of human − model in points, resampling whole documents (seeded). */
  bootstrap: z.object({ low: z.number(), high: z.number(), pValue: z.number() }),
  /**
   * Median active seconds of the expert and median model time on these questions (answers
   * from the response cache left out: they took the model no time).
   */
  humanMedianSeconds: z.number().nullable(),
  modelMedianSeconds: z.number().nullable(),
});
export type GapGroup = z.infer<typeof GapGroup>;

/** Where the model's evidence came from: the sandbox trace of a re-run, program literals, none. */
export const ModelEvidenceSource = z.enum(['trace', 'literals', 'none']);
export type ModelEvidenceSource = z.infer<typeof ModelEvidenceSource>;

export const GapItemEvidence = z.object({
  /** Evidence keys (shared/document/evidence.ts evidenceKey): what the expert marked. */
  expert: z.array(z.string()),
  /** Cells (and paragraphs) the model's program used; empty when the source is `none`. */
  model: z.array(z.string()),
  modelSource: ModelEvidenceSource,
  /** The dataset's gold evidence (paragraphs, tables, rows, cells). */
  gold: z.array(z.string()),
  /** Expert marks inside the gold evidence; gold targets the expert touched. */
  expertInGold: z.number().int(),
  goldHitByExpert: z.number().int(),
  modelInGold: z.number().int(),
  goldHitByModel: z.number().int(),
  /** Keys both marked/read. */
  expertAndModel: z.number().int(),
});
export type GapItemEvidence = z.infer<typeof GapItemEvidence>;

export const GapItem = z.object({
  questionId: z.number().int(),
  externalId: z.string(),
  question: z.string(),
  subset: z.string(),
  answerType: z.string().nullable(),
  gold: z.string(),
  documentId: z.number().int().nullable(),
  /** Both answered: the item counts in the paired statistics. */
  paired: z.boolean(),
  human: z.object({
    answer: z.string().nullable(),
    submitted: z.boolean(),
    correct: z.boolean().nullable(),
    rule: z.string().nullable(),
    activeSeconds: z.number(),
  }),
  /** null: the run has no item for this question. */
  model: z
    .object({
      answer: z.string().nullable(),
      correct: z.boolean().nullable(),
      rule: z.string().nullable(),
      /** The model's own time (null: not timed, failed, or answered from the cache). */
      latencySeconds: z.number().nullable(),
      /** Answered from the response cache: no model time, counted in `time.modelCached`. */
      cached: z.boolean(),
      error: z.string().nullable(),
    })
    .nullable(),
  evidence: GapItemEvidence,
});
export type GapItem = z.infer<typeof GapItem>;

const Share = z.object({
  /** Items counted (both sides known and non-empty). */
  items: z.number().int(),
  /** Marked (or read) units, of them inside the gold evidence. */
  units: z.number().int(),
  inGold: z.number().int(),
  /** Percent of units inside gold (null when none). */
  precision: z.number().nullable(),
  /** Gold targets, of them touched; percent touched (null when no gold). */
  goldTargets: z.number().int(),
  goldHit: z.number().int(),
  recall: z.number().nullable(),
});
export type EvidenceShare = z.infer<typeof Share>;

export const EvidenceOverlap = z.object({
  expertVsGold: Share,
  modelVsGold: Share,
  expertVsModel: z.object({
    items: z.number().int(),
    expert: z.number().int(),
    model: z.number().int(),
    both: z.number().int(),
    /** |expert ∩ model| / |expert ∪ model| over all counted items, percent (null when empty). */
    jaccard: z.number().nullable(),
  }),
  /** How many paired items' model evidence came from each source. */
  modelSources: z.record(ModelEvidenceSource, z.number().int()),
});
export type EvidenceOverlap = z.infer<typeof EvidenceOverlap>;

export const GapReport = z.object({
  sessionId: z.number().int(),
  runId: z.number().int(),
  expert: z.string(),
  /** How the session came here: made here, a signed bundle, or an unsigned one (marked). */
  expertSignature: SignatureState,
  model: z.string(),
  mode: RunMode.nullable(),
  datasetId: z.number().int().nullable(),
  datasetName: z.string(),
  /** The scorer of each side's verdicts (the same rule when the run has the session's scorer). */
  scorer: z.object({ human: z.string(), model: z.string() }),
  counts: z.object({
    questions: z.number().int(),
    humanAnswered: z.number().int(),
    modelAnswered: z.number().int(),
    paired: z.number().int(),
    humanOnly: z.number().int(),
    modelOnly: z.number().int(),
    neither: z.number().int(),
  }),
  seed: z.number().int(),
  iterations: z.number().int(),
  /** "all" first, then per subset, then per answer type (groups with n > 0). */
  groups: z.array(GapGroup),
  time: z.object({
    humanTotalSeconds: z.number(),
    /**
     * Sum of model times on paired items answered live (null: none; imports often record no
     * time, and answers from the cache have none).
     */
    modelTotalSeconds: z.number().nullable(),
    /** Paired items with a model time of their own (answered live). */
    modelTimed: z.number().int(),
    /** Paired items the model answered from the response cache: no model time, left out. */
    modelCached: z.number().int(),
  }),
  /** Paired questions where one was right and the other wrong. */
  disagreements: z.array(GapItem),
  overlap: EvidenceOverlap,
  /** Every question of the session with both sides (paired or not). */
  items: z.array(GapItem),
  notes: z.array(z.string()),
});
export type GapReport = z.infer<typeof GapReport>;

export const GapCompareInput = z
  .object({
    sessionId: z.number().int(),
    runId: z.number().int(),
    /** The run's scorer (default: the session's scorer when the run has it). */
    scorer: z.string().min(1).optional(),
    seed: z.number().int().optional(),
    iterations: z.number().int().min(100).max(100_000).optional(),
  })
  .strict();
export type GapCompareInput = z.infer<typeof GapCompareInput>;
