import { z } from 'zod';
import { DatasetDocument } from './dataset-document';
import { EvidenceTarget } from '../document/evidence';
import { DatasetFormat } from '../document/dataset-format';

/**
 * The scale a benchmark states for its gold answer (TAT-QA's `scale` field). Answer-level only:
 * a table's own "in millions" lives on its cells, never here. null when the dataset states
 * none (FinQA, MultiHiertt, DocMath, FinanceBench, TableQuest).
 */
export const AnswerScale = z.enum(['', 'thousand', 'million', 'billion', 'percent']);
export type AnswerScale = z.infer<typeof AnswerScale>;

/** What a dataset says the answer is, as published, plus how it was derived. */
export const Gold = z.object({
  /**
   * What the official scorer compares with: TAT-QA `answer` (number, string or list of spans),
   * FinQA `exe_ans`, MultiHiertt `answer`, DocMath `ground_truth`, FinanceBench and TableQuest
   * `answer` (free text). null when the file hides it (DocMath test splits).
   */
  answer: z.union([z.number(), z.string(), z.array(z.string())]).nullable(),
  /** The answer as the dataset also prints it when that differs (FinQA `answer` "127.40"). */
  shown: z.string().optional(),
  /** FinQA / MultiHiertt DSL program, or DocMath's `python_solution`. */
  program: z.string().optional(),
  /** TAT-QA `derivation` ("44.1-56.7"). */
  derivation: z.string().optional(),
  /** TAT-QA `answer_from`: table, text or table-text. */
  answerFrom: z.string().optional(),
  /** FinanceBench `justification`, TableQuest `cot`. */
  explanation: z.string().optional(),
  /** TAT-HQA: the id of the question this counterfactual question rewrites (`rel_question`). */
  counterfactualOf: z.string().optional(),
});
export type Gold = z.infer<typeof Gold>;

/**
 * Where the dataset says the answer comes from, mapped onto our blocks and cells as an
 * `EvidenceTarget` (the same shape as a user's marks). `ref` is the dataset's own reference
 * ("text_3", "0-2-4", paragraph order "2", "page 12") so a reader can always go back to the
 * published record. A reference that names nothing in the document keeps `target: null` and
 * says why in `reason`: kept, never dropped.
 */
export const Evidence = z
  .object({
    ref: z.string(),
    target: EvidenceTarget.nullable(),
    /** The evidence text the dataset quotes, if any (FinanceBench). */
    text: z.string().optional(),
    /** How the dataset's own reference was converted ("0-based page 11 stored as page 12"). */
    note: z.string().optional(),
    /** Why the reference resolves to nothing (only when `target` is null). */
    reason: z.string().optional(),
  })
  .refine((e) => (e.target === null) === (e.reason !== undefined), {
    message: 'an unresolved reference (target null) needs a reason, a resolved one none',
  });
export type Evidence = z.infer<typeof Evidence>;

export const Question = z.object({
  /** The dataset's own question id (TAT-QA uid, FinQA id, ...). */
  id: z.string().min(1),
  documentExternalId: z.string().min(1),
  question: z.string(),
  gold: Gold,
  scale: AnswerScale.nullable(),
  /** The dataset's question type (TAT-QA answer_type, MultiHiertt question_type, ...). */
  type: z.string(),
  evidence: z.array(Evidence),
});
export type Question = z.infer<typeof Question>;

/** One dataset file read: every document and question, or (on any error) nothing. */
export const DatasetImport = z.object({
  format: DatasetFormat,
  documents: z.array(DatasetDocument),
  questions: z.array(Question),
});
export type DatasetImport = z.infer<typeof DatasetImport>;
