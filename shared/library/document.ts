import { z } from 'zod';
import { documentKinds } from './document-kind';

/**
 * Every document has one id, whatever it came from: a file in the library (an SEC filing, a
 * PDF, a dataset file, stored under its SHA-256) or a `record` read from a benchmark file (a
 * TAT-QA table with its paragraphs), which has no file of its own and belongs to its dataset.
 */
export const DocumentSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum([...documentKinds, 'record']),
  size: z.number().int().nonnegative(),
  /** The stored original's hash; null for a dataset record. */
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  importedAt: z.string(),
  /** For a dataset record: its dataset and the dataset's own id for it. */
  dataset: z.object({ id: z.number().int(), externalId: z.string() }).nullable(),
});
export type DocumentSummary = z.infer<typeof DocumentSummary>;

/** A document with a stored original: what the Library lists and imports answer. */
export const FileSummary = DocumentSummary.extend({
  kind: z.enum(documentKinds),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type FileSummary = z.infer<typeof FileSummary>;

export const ImportItemResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), name: z.string(), document: FileSummary }),
  z.object({
    ok: z.literal(false),
    name: z.string(),
    error: z.object({ code: z.string(), message: z.string() }),
  }),
]);
export type ImportItemResult = z.infer<typeof ImportItemResult>;

export const ImportReport = z.object({ items: z.array(ImportItemResult) });
export type ImportReport = z.infer<typeof ImportReport>;
