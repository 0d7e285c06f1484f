import { z } from 'zod';
import { AnswerScale } from '../datasets/question';
import { QuestionSummary } from '../datasets/stored-question';
import { MarkTarget } from '../document/evidence';
import { DatasetFormat } from '../document/dataset-format';
import { ReportMethodSchema } from '../runs/report-schema';
import { StoredVerdict } from '../runs/run';

/**
 * Timed human-expert baseline sessions (docs/sessions.md): a sampled, blinded question set, an
 * append-only event log from which the active-time clock is derived (shared/sessions/clock.ts),
 * one autosaved answer per question, and after finishing, verdicts against gold.
 */

export const SessionStatus = z.enum(['open', 'finished']);

/** See `Session.signature`. */
export const SignatureState = z.enum(['local', 'signed', 'unsigned']);
export type SignatureState = z.infer<typeof SignatureState>;
export type SessionStatus = z.infer<typeof SessionStatus>;

/** How the sample is balanced: by the benchmark's subset, by answer type, or not at all. */
export const Stratify = z.enum(['none', 'subset', 'answer-type']);
export type Stratify = z.infer<typeof Stratify>;

/** Longest budget a session may have (a week; a typo like 2400 hours is refused). */
export const MAX_BUDGET_SECONDS = 7 * 24 * 3600;
export const MAX_SESSION_QUESTIONS = 1000;

export const Session = z.object({
  id: z.number().int(),
  datasetId: z.number().int().nullable(),
  /** Kept so a session still says what it was on after its dataset is removed. */
  datasetName: z.string(),
  datasetFormat: DatasetFormat,
  /** Our stable question ids, in the (randomised) order the expert sees them. */
  questionIds: z.array(z.number().int()),
  /** Same for every session on the same questions (any order): groups experts into a study. */
  questionSetKey: z.string(),
  seed: z.number().int(),
  stratify: Stratify,
  budgetSeconds: z.number().int().positive(),
  perQuestionCapSeconds: z.number().int().positive().nullable(),
  expert: z.string(),
  instructions: z.string(),
  /** Always true: no gold and no model answers are shown while the session is open. */
  blinded: z.literal(true),
  status: SessionStatus,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  appVersion: z.string(),
  /** `imported`: read from a bundle made on another machine (`sha256` of that bundle). */
  origin: z.enum(['local', 'imported']),
  bundleSha256: z.string().nullable(),
  /**
   * The session's own id, a random UUID chosen when it was created, carried by its bundle: the
   * same session imported twice is recognised by it. Null only for sessions imported from
   * unsigned (version 1) bundles, which did not carry one.
   */
  uid: z.string().nullable(),
  /**
   * Who vouches for the answers: `local` (made in this workspace), `signed` (imported from a
   * bundle whose Ed25519 signature verified; `signerFingerprint` names the key) or `unsigned`
   * (imported from an older bundle without a signature, with the user's explicit consent).
   */
  signature: SignatureState,
  signerFingerprint: z.string().nullable(),
});
export type Session = z.infer<typeof Session>;

export const SessionCreateInput = z
  .object({
    datasetId: z.number().int(),
    /**
     * How many questions to sample (all of them when the dataset has fewer). Not needed with
     * `questionSetId` or `sameQuestionsAs`, which say the questions.
     */
    questionCount: z.number().int().min(1).max(MAX_SESSION_QUESTIONS).optional(),
    seed: z.number().int(),
    budgetSeconds: z.number().int().min(60).max(MAX_BUDGET_SECONDS),
    perQuestionCapSeconds: z.number().int().min(10).max(MAX_BUDGET_SECONDS).nullable().optional(),
    expert: z.string().trim().min(1).max(200),
    instructions: z.string().max(20_000).optional(),
    stratify: Stratify.optional(),
    /**
     * Another expert on the same questions: copies that session's question set (the order is
     * shuffled again with this seed) instead of sampling.
     */
    sameQuestionsAs: z.number().int().optional(),
    /**
     * The questions of a question set (docs/sessions.md, "Question sets"), in an order drawn
     * from this seed, instead of sampling: the session's `questionSetKey` is the set's `key`.
     */
    questionSetId: z.number().int().optional(),
  })
  .strict();
export type SessionCreateInput = z.infer<typeof SessionCreateInput>;

/**
 * What happened, in order. Clients send the first group through `sessions.event`; the server
 * writes `answer-saved`, `submit`, `finish` and `clock-jump` itself.
 */
export const ClientEventType = z.enum([
  'start',
  'focus',
  /** A throttled heartbeat while the expert types, clicks or scrolls (at most one per ~10 s). */
  'input',
  /** No input for 2 minutes, or the window was hidden; backdated by `idleForMs`. */
  'idle',
  'resume',
  'pause',
  'unpause',
  'skip',
]);
export type ClientEventType = z.infer<typeof ClientEventType>;

export const SessionEventType = z.enum([
  ...ClientEventType.options,
  'answer-saved',
  'submit',
  'finish',
  /** The wall clock moved backwards (or jumped) between two events; the segment was clamped. */
  'clock-jump',
]);
export type SessionEventType = z.infer<typeof SessionEventType>;

export const SessionEvent = z.object({
  seq: z.number().int(),
  type: SessionEventType,
  questionId: z.number().int().nullable(),
  /**
   * Milliseconds since the epoch on the session's own timeline: main's clock, made
   * non-decreasing (clamped) when the wall clock jumps. The active-time clock reads only this.
   */
  atMs: z.number(),
  /** main's wall clock when the event was written, as it was (for the record). */
  wallMs: z.number(),
  /** `idle`: when the expert's last input was (the idle segment starts there). */
  idleFromMs: z.number().optional(),
  /** `clock-jump`: how far the wall clock moved against the monotonic clock (signed, ms). */
  jumpMs: z.number().optional(),
});
export type SessionEvent = z.infer<typeof SessionEvent>;

export const SessionEventInput = z
  .object({
    sessionId: z.number().int(),
    type: ClientEventType,
    questionId: z.number().int().optional(),
    /** `idle`: how long ago the last input was, as the screen measured it (monotonic). */
    idleForMs: z
      .number()
      .int()
      .min(0)
      .max(MAX_BUDGET_SECONDS * 1000)
      .optional(),
  })
  .strict();
export type SessionEventInput = z.infer<typeof SessionEventInput>;

/** Time on one question. */
export const QuestionClock = z.object({
  questionId: z.number().int(),
  activeSeconds: z.number(),
  /** The per-question cap is set and used up. */
  capReached: z.boolean(),
});
export type QuestionClock = z.infer<typeof QuestionClock>;

/** Derived from the events on every read; never stored. */
export const ClockSummary = z.object({
  state: z.enum(['not-started', 'active', 'idle', 'paused', 'finished']),
  activeSeconds: z.number(),
  budgetSeconds: z.number(),
  /** max(0, budget − active). */
  remainingSeconds: z.number(),
  /** The budget is used up. */
  exhausted: z.boolean(),
  focusQuestionId: z.number().int().nullable(),
  perQuestion: z.array(QuestionClock),
  /** Server time the summary was computed at; a running clock advances from here. */
  asOfMs: z.number(),
  clockJumps: z.number().int(),
});
export type ClockSummary = z.infer<typeof ClockSummary>;

export const MAX_EVIDENCE_MARKS = 500;

/** What the expert edits; saved on every change. */
export const AnswerFields = z.object({
  /** The answer as typed ("1,234.5", "-3.2", "yes", a span). */
  value: z.string().max(2000),
  /** USD, %, shares, … ('' none). */
  unit: z.string().max(40),
  scale: AnswerScale,
  confidence: z.number().int().min(1).max(5).nullable(),
  notes: z.string().max(20_000),
  evidence: z.array(MarkTarget).max(MAX_EVIDENCE_MARKS),
});
export type AnswerFields = z.infer<typeof AnswerFields>;

export const SessionAnswer = AnswerFields.extend({
  questionId: z.number().int(),
  /** Bumped on every save; a save based on an older revision is a conflict. */
  revision: z.number().int().min(1),
  submitted: z.boolean(),
  submittedAt: z.string().nullable(),
  /** Active seconds on this question when it was submitted (null: not submitted). */
  submittedActiveSeconds: z.number().nullable(),
  /** Submitted after the whole budget was used up. */
  late: z.boolean(),
  updatedAt: z.string(),
});
export type SessionAnswer = z.infer<typeof SessionAnswer>;

export const SaveAnswerInput = AnswerFields.partial()
  .extend({
    sessionId: z.number().int(),
    questionId: z.number().int(),
    /** The revision this edit starts from: 0 for the first save of a question. */
    baseRevision: z.number().int().min(0),
  })
  .strict();
export type SaveAnswerInput = z.infer<typeof SaveAnswerInput>;

/**
 * A save or submit: done, or refused because another window saved first (`current` is what is
 * stored now; the screen shows it and lets the expert choose). Nothing is overwritten silently.
 */
export const SaveAnswerResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), answer: SessionAnswer, clock: ClockSummary }),
  z.object({ status: z.literal('conflict'), message: z.string(), current: SessionAnswer }),
]);
export type SaveAnswerResult = z.infer<typeof SaveAnswerResult>;

export const MAX_SCRATCH_PROGRAM = 20_000;

/** A calculator program the expert ran in the QuickJS sandbox, recorded as it ran. */
export const ScratchRun = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  program: z.string(),
  ok: z.boolean(),
  value: z.union([z.number(), z.string(), z.boolean()]).nullable(),
  /** "runtime: ReferenceError: x is not defined" when it failed. */
  error: z.string().nullable(),
  logs: z.string(),
  /** Cells the program read through cell()/cellInfo()/table(). */
  reads: z.number().int(),
  at: z.string(),
});
export type ScratchRun = z.infer<typeof ScratchRun>;

/** A question as the expert sees it: no gold, no model answers. */
export const SessionQuestion = QuestionSummary.extend({ position: z.number().int() });
export type SessionQuestion = z.infer<typeof SessionQuestion>;

/** One scorer's verdict on one submitted answer (stored at finish, like run verdicts). */
export const SessionVerdict = StoredVerdict.extend({
  questionId: z.number().int(),
  /** The prediction string the scorer read (value with unit and scale). */
  prediction: z.string(),
});
export type SessionVerdict = z.infer<typeof SessionVerdict>;

export const SessionSummary = Session.extend({
  answered: z.number().int(),
  submitted: z.number().int(),
  activeSeconds: z.number(),
});
export type SessionSummary = z.infer<typeof SessionSummary>;

export const SessionDetail = z.object({
  session: Session,
  questions: z.array(SessionQuestion),
  answers: z.array(SessionAnswer),
  scratch: z.array(ScratchRun),
  clock: ClockSummary,
});
export type SessionDetail = z.infer<typeof SessionDetail>;

export const Interval = z.object({ low: z.number(), high: z.number() });

export const SessionResultItem = z.object({
  questionId: z.number().int(),
  position: z.number().int(),
  externalId: z.string(),
  question: z.string(),
  type: z.string(),
  answer: SessionAnswer.nullable(),
  activeSeconds: z.number(),
  verdict: SessionVerdict.nullable(),
  /** The gold as the dataset prints it (shown only after finish). */
  gold: z.string(),
});
export type SessionResultItem = z.infer<typeof SessionResultItem>;

export const SessionResults = z.object({
  session: Session,
  scorer: z.string(),
  /** Correct out of all questions of the session (unanswered count as wrong). */
  accuracy: z.object({
    correct: z.number().int(),
    total: z.number().int(),
    submitted: z.number().int(),
    rate: z.number(),
    wilson95: Interval,
  }),
  activeSeconds: z.number(),
  items: z.array(SessionResultItem),
  /**
   * The Method list, as a run report's (shared/runs/method.ts `sessionMethod`): each scorer and
   * version that decided a verdict, the gold versions, stale verdicts, the format's default row.
   */
  method: ReportMethodSchema,
});
export type SessionResults = z.infer<typeof SessionResults>;

export const AgreementPair = z.object({
  a: z.number().int(),
  b: z.number().int(),
  n: z.number().int(),
  percent: z.number(),
  cohenKappa: z.number().nullable(),
});

/** One counted expert of an agreement: whose session, and whether its bundle was signed. */
export const AgreementRater = z.object({
  sessionId: z.number().int(),
  expert: z.string(),
  signature: SignatureState,
  /** The signing key's fingerprint (`signed` only). */
  fingerprint: z.string().nullable(),
});
export type AgreementRater = z.infer<typeof AgreementRater>;

export const SessionAgreement = z.object({
  /** The sessions counted, one per expert: a session given twice (or a copy) counts once. */
  sessionIds: z.array(z.number().int()),
  experts: z.array(z.string()),
  /** The same sessions as `sessionIds`, with how each came here (`unsigned` is marked). */
  raters: z.array(AgreementRater),
  /** Sessions asked for but not counted: the same session as a counted one (`sameAs`). */
  excluded: z.array(
    z.object({ sessionId: z.number().int(), sameAs: z.number().int(), reason: z.string() }),
  ),
  /** Questions every session submitted and graded; agreement is on correct/incorrect. */
  n: z.number().int(),
  /** Share of those questions on which all experts agree. */
  percent: z.number(),
  /** Two sessions: Cohen's kappa; null otherwise or when undefined (no variation). */
  cohenKappa: z.number().nullable(),
  /** Fleiss' kappa over all sessions (null when undefined). */
  fleissKappa: z.number().nullable(),
  pairs: z.array(AgreementPair),
  items: z.array(
    z.object({
      questionId: z.number().int(),
      externalId: z.string(),
      correct: z.array(z.boolean()),
      agree: z.boolean(),
    }),
  ),
});
export type SessionAgreement = z.infer<typeof SessionAgreement>;

/** Who signed a bundle, as checked on import (or `unsigned`: an older bundle, let in on request). */
export const BundleSigner = z.object({
  state: z.enum(['signed', 'unsigned']),
  /** The expert who signed off (inside the signed content). */
  name: z.string(),
  /** First 16 hex digits of SHA-256 of the raw Ed25519 public key, in groups of 4; null: unsigned. */
  fingerprint: z.string().nullable(),
});
export type BundleSigner = z.infer<typeof BundleSigner>;

export const BundleImportResult = z.object({
  sessionId: z.number().int(),
  datasetId: z.number().int(),
  signer: BundleSigner,
  /** Every session of this workspace on the same question set, this one included. */
  study: z.object({ questionSetKey: z.string(), sessionIds: z.array(z.number().int()) }),
  /** Documents whose content differs from what the expert saw, and the like. */
  warnings: z.array(z.string()),
});
export type BundleImportResult = z.infer<typeof BundleImportResult>;
