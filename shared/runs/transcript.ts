import { z } from 'zod';
import { MarkTarget } from '../document/evidence';
import { RunExecution, RunUsage, RunVerdict } from './run';
import type { ReportMethod } from './method';

/**
 * One graded item of a run or an expert session, as every export format reads it. It is also
 * the line of the JSONL export (docs/transcript-jsonl.md): change a field's meaning only with a
 * new schema version, so files written earlier stay readable.
 */
export const TRANSCRIPT_SCHEMA = 'filing-workbench.transcript/1';

export const TranscriptVerdict = RunVerdict.omit({ itemId: true });
export type TranscriptVerdict = z.infer<typeof TranscriptVerdict>;

/** What the expert entered (sessions only). */
export const TranscriptHuman = z.object({
  expert: z.string(),
  value: z.string(),
  unit: z.string(),
  scale: z.string(),
  confidence: z.number().int().nullable(),
  notes: z.string(),
  evidence: z.array(MarkTarget),
  submitted: z.boolean(),
  submittedAt: z.string().nullable(),
  late: z.boolean(),
  /** Active seconds on the question, from the session's event log. */
  activeSeconds: z.number(),
});
export type TranscriptHuman = z.infer<typeof TranscriptHuman>;

export const TranscriptLine = z.object({
  schema: z.literal(TRANSCRIPT_SCHEMA),
  source: z.object({
    kind: z.enum(['run', 'session']),
    id: z.number().int(),
    /** The model (runs) or the expert (sessions). */
    by: z.string(),
    mode: z.string().nullable(),
  }),
  /** The run item's id (null for sessions). */
  itemId: z.number().int().nullable(),
  /** 0-based place in the run (item order) or in the session (the order the expert saw). */
  position: z.number().int(),
  /** The workspace's question id (null when the question was removed from its dataset). */
  questionId: z.number().int().nullable(),
  /** The dataset's own question id. */
  externalId: z.string(),
  datasetId: z.number().int().nullable(),
  datasetFormat: z.string(),
  question: z.string().nullable(),
  documentExternalId: z.string().nullable(),
  gold: z
    .object({
      answer: z.union([z.number(), z.string(), z.array(z.string())]).nullable(),
      scale: z.string().nullable(),
    })
    .nullable(),
  /** The model's full output (runs) or the answer as one line (sessions). */
  output: z.string().nullable(),
  /** What the scorers graded. */
  answer: z.unknown(),
  answerKind: z.enum(['text', 'extracted', 'executed']),
  answerScale: z.string().nullable(),
  program: z.string().nullable(),
  execution: RunExecution.nullable(),
  usage: RunUsage.nullable(),
  latencyMs: z.number().nullable(),
  error: z.string().nullable(),
  human: TranscriptHuman.nullable(),
  verdicts: z.array(TranscriptVerdict),
  /** Reviewer overrides of a verdict; none exist yet, so always []. */
  reviewerOverrides: z.array(z.unknown()),
});
export type TranscriptLine = z.infer<typeof TranscriptLine>;

/** Who the transcripts are of: a run or a session, and how they are graded. */
export interface TranscriptHeader {
  kind: 'run' | 'session';
  id: number;
  title: string;
  by: string;
  mode: string | null;
  datasetId: number | null;
  datasetName: string;
  datasetFormat: string;
  /** Scorer ids in the order reports use them (the first is the primary one). */
  scorers: string[];
  items: number;
  /** For sessions: the whole session's active seconds. */
  activeSeconds: number | null;
  /**
   * The Method list the run report or the session's results show (shared/runs/method.ts): the
   * HTML report prints it, escaped.
   */
  method?: ReportMethod;
}
