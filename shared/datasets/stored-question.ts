import { z } from 'zod';
import { DatasetFormat } from '../document/dataset-format';
import { AnswerScale, Evidence, Gold } from './question';

/** A dataset as the workspace holds it. */
export const DatasetSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  format: DatasetFormat,
  /** The imported file in the library (null once the user removed it). */
  sourceDocumentId: z.number().int().nullable(),
  importedAt: z.string(),
  /** Distinct documents its questions stand on. */
  documentCount: z.number().int(),
  questionCount: z.number().int(),
});
export type DatasetSummary = z.infer<typeof DatasetSummary>;

/**
 * What a re-import did to questions (or documents), matched by the dataset's own ids: counts
 * are complete, `examples` lists the first few ids of each change.
 */
export const ImportChanges = z.object({
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
  examples: z.object({
    added: z.array(z.string()),
    changed: z.array(z.string()),
    removed: z.array(z.string()),
  }),
});
export type ImportChanges = z.infer<typeof ImportChanges>;

/** A dataset import: the dataset and what changed since the last import of the same file. */
export const DatasetImportReport = z.object({
  dataset: DatasetSummary,
  /** An earlier import of the same format and file name was updated in place. */
  replaced: z.boolean(),
  questions: ImportChanges,
  documents: ImportChanges,
});
export type DatasetImportReport = z.infer<typeof DatasetImportReport>;

/**
 * A question as stored: `id` is the workspace's stable id (runs, answers and expert sessions
 * refer to it; a re-import keeps it while the dataset's own id, `externalId`, is unchanged).
 */
export const StoredQuestion = z.object({
  id: z.number().int(),
  externalId: z.string(),
  datasetId: z.number().int(),
  /** The document the question is about; null when its PDF is not (or no longer) in the library. */
  documentId: z.number().int().nullable(),
  documentExternalId: z.string(),
  question: z.string(),
  gold: Gold,
  scale: AnswerScale.nullable(),
  type: z.string(),
  evidence: z.array(Evidence),
});
export type StoredQuestion = z.infer<typeof StoredQuestion>;

/** One line of a dataset's question list (no gold: lists are shown to blinded experts too). */
export const QuestionSummary = StoredQuestion.pick({
  id: true,
  externalId: true,
  datasetId: true,
  documentId: true,
  documentExternalId: true,
  question: true,
  type: true,
});
export type QuestionSummary = z.infer<typeof QuestionSummary>;
