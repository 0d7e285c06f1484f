import { z } from 'zod';
import { QuestionSummary } from '../datasets/stored-question';
import { DatasetFormat } from '../document/dataset-format';
import { RunStartInput, RunSummary } from '../runs/run';
import { Session, SessionCreateInput, Stratify } from '../sessions/session';

/**
 * Question sets (docs/sessions.md, "Question sets"): a named list of a dataset's questions,
 * chosen by id, by filters (type, answer source, document) or by a seeded, stratified sample.
 * Sessions and runs are made from one, so an expert and a model answer exactly the same
 * questions. A set's `key` is the sessions' question-set key (main/question-sets/question-set-key.ts):
 * every session on the same questions shares it, whoever drew them.
 */

/** Most questions a set may hold (a whole dataset: FinQA train has about 6,000). */
export const MAX_QUESTION_SET_SIZE = 100_000;

const Values = z.array(z.string().trim().min(1).max(400)).min(1).max(MAX_QUESTION_SET_SIZE);

/**
 * Which questions pass: each given list is one condition (a question passes when it matches one
 * of its values, case-insensitively), and a question must pass every condition given.
 */
export const QuestionSetFilter = z
  .object({
    /** The question's type, or its benchmark answer type (TAT-QA span, arithmetic, …). */
    types: Values.optional(),
    /** Where the gold answer comes from (TAT-QA answer_from: table, text, table-text). */
    answerSources: Values.optional(),
    /** The document: the dataset's own document id, or the workspace document id. */
    documents: Values.optional(),
  })
  .strict();
export type QuestionSetFilter = z.infer<typeof QuestionSetFilter>;

/** A seeded sample of the (filtered) questions, balanced as sessions are. */
export const QuestionSetSample = z
  .object({
    count: z.number().int().min(1).max(MAX_QUESTION_SET_SIZE),
    seed: z.number().int(),
    /** Default `none`; a dataset with a single stratum is sampled plainly and says `none`. */
    stratify: Stratify.optional(),
  })
  .strict();
export type QuestionSetSample = z.infer<typeof QuestionSetSample>;

/** A set's name: what `--questions NAME` finds; not a bare number (that is an id). */
export const QuestionSetName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((s) => !/^\d+$/.test(s), 'a question set name cannot be a bare number (ids are)');

export const QuestionSetCreateInput = z
  .object({
    datasetId: z.number().int(),
    name: QuestionSetName,
    description: z.string().max(2000).optional(),
    /** These questions, in this order: workspace ids… */
    questionIds: z.array(z.number().int()).min(1).max(MAX_QUESTION_SET_SIZE).optional(),
    /** …or the dataset's own ids… */
    externalIds: Values.optional(),
    /**
     * …or either, as a list a user writes has them: each the dataset's own id when the dataset
     * has a question with it, else a whole number as a workspace id.
     */
    ids: Values.optional(),
    /** Or the questions that pass the filter (in the dataset's order)… */
    filter: QuestionSetFilter.optional(),
    /** …and/or a seeded sample of them. */
    sample: QuestionSetSample.optional(),
  })
  .strict();
export type QuestionSetCreateInput = z.infer<typeof QuestionSetCreateInput>;

/** How a set was chosen, as stored with it. */
export const QuestionSetSelection = z.object({
  kind: z.enum(['ids', 'filter', 'sample', 'session']),
  filter: QuestionSetFilter.nullable(),
  /** The sample drawn, with the stratification it actually used. */
  sample: z
    .object({ count: z.number().int(), seed: z.number().int(), stratify: Stratify })
    .nullable(),
  /** `session`: the session whose questions the set holds (made for a run on them). */
  sessionId: z.number().int().nullable(),
});
export type QuestionSetSelection = z.infer<typeof QuestionSetSelection>;

export const QuestionSet = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  datasetId: z.number().int(),
  datasetName: z.string(),
  datasetFormat: DatasetFormat,
  /** Same as every session's `questionSetKey` on these questions (any order). */
  key: z.string(),
  /** Workspace question ids, in the set's order. */
  questionIds: z.array(z.number().int()),
  selection: QuestionSetSelection,
  createdAt: z.string(),
});
export type QuestionSet = z.infer<typeof QuestionSet>;

/** A set with its questions (no gold: sets are built for blinded sessions too). */
export const QuestionSetDetail = z.object({
  set: QuestionSet,
  questions: z.array(QuestionSummary),
  /** Dataset ids of the set's questions no longer in the dataset (a re-import removed them). */
  missing: z.array(z.string()),
  /** Sessions on exactly these questions (the same key) and runs started from the set. */
  sessionIds: z.array(z.number().int()),
  runIds: z.array(z.number().int()),
});
export type QuestionSetDetail = z.infer<typeof QuestionSetDetail>;

/**
 * `sessions.createWithRun`: a session and a model run on exactly the same questions, in one
 * step. The session is made as `sessions.create` makes it (from a question set, or sampled);
 * the run is made from the session's question set (the one given, or one made for the session's
 * questions), so it asks the questions the expert answers, whatever order the expert sees.
 */
export const SessionRunInput = RunStartInput.omit({
  datasetId: true,
  subset: true,
  limit: true,
  questionSetId: true,
  questionIds: true,
});
export type SessionRunInput = z.infer<typeof SessionRunInput>;

export const SessionWithRunInput = z
  .object({ session: SessionCreateInput, run: SessionRunInput })
  .strict();
export type SessionWithRunInput = z.infer<typeof SessionWithRunInput>;

export const SessionWithRunResult = z.object({
  sessionId: z.number().int(),
  session: Session,
  runId: z.number().int(),
  run: RunSummary,
  /** The set both were made from. */
  questionSet: QuestionSet,
});
export type SessionWithRunResult = z.infer<typeof SessionWithRunResult>;

/** A one-line description of how a set was chosen ("sample of 25, seed 7, by answer type"). */
export function selectionText(s: QuestionSetSelection): string {
  const parts: string[] = [];
  if (s.kind === 'ids') parts.push('chosen by id');
  if (s.kind === 'session') parts.push(`the questions of session #${s.sessionId ?? '?'}`);
  const f = s.filter;
  if (f?.types) parts.push(`type ${f.types.join(' or ')}`);
  if (f?.answerSources) parts.push(`answer source ${f.answerSources.join(' or ')}`);
  if (f?.documents)
    parts.push(
      f.documents.length === 1 ? `document ${f.documents[0]}` : `${f.documents.length} documents`,
    );
  if (s.sample)
    parts.push(
      `sample of ${s.sample.count}, seed ${s.sample.seed}${s.sample.stratify === 'none' ? '' : `, balanced by ${s.sample.stratify === 'answer-type' ? 'answer type' : 'subset'}`}`,
    );
  return parts.join('; ') || 'every question';
}
