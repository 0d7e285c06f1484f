import { z } from 'zod';
import { Gold } from '../datasets/question';

/**
 * Gold disputes (docs/disputes.md): an expert or reviewer says a dataset's gold answer is
 * wrong, proposes a correction and says why; a reviewer accepts (the gold gets a new version
 * and every run and finished session is re-graded) or rejects it. Nothing is overwritten: the
 * dataset's original gold and every later version stay readable.
 */
export const DisputeStatus = z.enum(['open', 'accepted', 'rejected']);
export type DisputeStatus = z.infer<typeof DisputeStatus>;

/** A proposed answer: what scorers compare with (number, text or a list of spans). */
export const ProposedAnswer = z.union([
  z.number().finite(),
  z.string().trim().min(1).max(2000),
  z.array(z.string().max(2000)).min(1).max(50),
]);
export type ProposedAnswer = z.infer<typeof ProposedAnswer>;

export const GoldDispute = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  /** The dataset's own question id and the dataset, for lists across a dataset. */
  externalId: z.string(),
  datasetId: z.number().int(),
  /** The gold as it would read after acceptance (the disputed gold with its answer replaced). */
  proposed: Gold,
  reason: z.string(),
  raisedBy: z.string(),
  raisedAt: z.string(),
  status: DisputeStatus,
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type GoldDispute = z.infer<typeof GoldDispute>;

export const GoldSource = z.enum(['dataset', 'dispute']);
export type GoldSource = z.infer<typeof GoldSource>;

/** One version of a question's gold: 0 is the dataset's original. */
export const GoldVersion = z.object({
  version: z.number().int(),
  gold: Gold,
  source: GoldSource,
  disputeId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type GoldVersion = z.infer<typeof GoldVersion>;

/** A question's gold over time, for the question screen (`questions.get`). */
export const GoldHistory = z.object({
  /** The gold grading reads now. */
  current: Gold,
  currentSource: GoldSource,
  /** The dataset's gold as first imported (equal to `current` when nothing changed). */
  original: Gold,
  /** Every version, oldest first; empty while the gold never changed (the original only). */
  versions: z.array(GoldVersion),
  disputes: z.array(GoldDispute),
  /**
   * An accepted correction is current, but a later re-import brought a different dataset gold:
   * the correction stays (a reviewer decided it) and the screen says the dataset moved.
   */
  datasetChangedSinceCorrection: z.boolean(),
});
export type GoldHistory = z.infer<typeof GoldHistory>;

export const DisputeRaiseInput = z
  .object({
    questionId: z.number().int(),
    answer: ProposedAnswer,
    reason: z.string().trim().min(1).max(5000),
    raisedBy: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
export type DisputeRaiseInput = z.infer<typeof DisputeRaiseInput>;

export const DisputeListInput = z
  .object({
    datasetId: z.number().int().optional(),
    questionId: z.number().int().optional(),
    status: DisputeStatus.optional(),
  })
  .strict();
export type DisputeListInput = z.infer<typeof DisputeListInput>;

export const DisputeDecideInput = z
  .object({
    disputeId: z.number().int(),
    decision: z.enum(['accept', 'reject']),
    note: z.string().max(5000).optional(),
    decidedBy: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
export type DisputeDecideInput = z.infer<typeof DisputeDecideInput>;

/** What accepting a correction re-graded: verdicts per run and session, and how many flipped. */
export const RegradeReport = z.object({
  questionId: z.number().int(),
  /** The gold version the correction became. */
  version: z.number().int(),
  runs: z.array(
    z.object({
      runId: z.number().int(),
      /** Verdicts on the question re-graded (one per own scorer; the file's own are kept). */
      verdicts: z.number().int(),
      flipped: z.number().int(),
    }),
  ),
  sessions: z.array(
    z.object({
      sessionId: z.number().int(),
      verdicts: z.number().int(),
      flipped: z.number().int(),
    }),
  ),
  runsTouched: z.number().int(),
  sessionsTouched: z.number().int(),
  verdictsFlipped: z.number().int(),
});
export type RegradeReport = z.infer<typeof RegradeReport>;

export const DisputeDecideResult = z.object({
  dispute: GoldDispute,
  /** null for a rejection: nothing was re-graded. */
  regrade: RegradeReport.nullable(),
});
export type DisputeDecideResult = z.infer<typeof DisputeDecideResult>;
