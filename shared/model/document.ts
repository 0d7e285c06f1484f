import { z } from 'zod';
import { Block } from './block';
import { DatasetFormat } from './dataset-format';
import { Table } from './table';

/**
 * Version of the JSON this schema describes (`workbench ingest --json`, `import-dataset
 * --json`, the stored models). 2 added `warnings` (always present), `pageCount`, `externalId`
 * and the dataset source and location kinds. 3 added, all optional, a cell's `scaleBasis` and
 * `unitBasis` (where its scale and unit were read) and `footnotes` on cells and row labels.
 * `upgradeDocumentJson` reads versions 1 and 2.
 */
export const documentSchemaVersion = 3;

/** What an ingester read: the name it was given and the format it parsed. */
export const DocumentSource = z.object({
  /** The file's name; for a dataset document, the dataset file's (or its PDF's) name. */
  name: z.string(),
  /**
   * "dataset": the text came from a benchmark record (JSON), not from HTML or a PDF we read.
   * A PDF-backed dataset document (FinanceBench, TableQuest) is "pdf" with `format` and `file`.
   */
  kind: z.enum(['sec-html', 'pdf', 'dataset']),
  /** Bytes of the file read; for kind "dataset", of the record's JSON (0 for a missing PDF). */
  bytes: z.number().int().nonnegative(),
  /** The benchmark format, for documents read from a dataset file. */
  format: DatasetFormat.optional(),
  /** PDF-backed datasets: the PDF's path relative to the dataset file's folder. */
  file: z.string().optional(),
});
export type DocumentSource = z.infer<typeof DocumentSource>;

/**
 * Inline XBRL cross-check: facts found in data-table cells (values and numbers in row labels)
 * and how many of them agree with the value read from the visible text.
 */
export const XbrlCrossCheck = z.object({
  factsInTables: z.number().int().nonnegative(),
  agreeing: z.number().int().nonnegative(),
});
export type XbrlCrossCheck = z.infer<typeof XbrlCrossCheck>;

export const Document = z.object({
  schemaVersion: z.literal(documentSchemaVersion),
  /** The dataset's own id of the document (TAT-QA table uid, FinQA filename, ...). */
  externalId: z.string().min(1).optional(),
  source: DocumentSource,
  title: z.string(),
  /** PDFs the ingester read: the number of pages. */
  pageCount: z.number().int().nonnegative().optional(),
  /** Reading order: headings, paragraphs and table markers. */
  blocks: z.array(Block),
  /** Data tables only (layout tables become paragraphs), in source order. */
  tables: z.array(Table),
  /** Present when the source carried inline XBRL. */
  xbrl: XbrlCrossCheck.optional(),
  /**
   * What the reader could not do or had to guess, one sentence each naming where (a page, a
   * table id): pages without a text layer, scales assumed, XBRL facts that disagree. Always
   * present so "no warnings" is a statement, not a missing field.
   */
  warnings: z.array(z.string().min(1)),
});
export type Document = z.infer<typeof Document>;

/**
 * Brings Document JSON written by an older version to the current schema; anything else is
 * returned as is for the schema to judge. Dataset documents are stored once at import time
 * (dataset_documents) and never re-read from their source, so versions 1 and 2 must keep
 * loading: version 1 lacked only `warnings`, which for those documents is empty; version 3
 * added only optional fields, so a version-2 document is a version-3 one without them.
 */
export function upgradeDocumentJson(json: unknown): unknown {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
  const doc = json as Record<string, unknown>;
  if (doc.schemaVersion === 1) {
    return { ...doc, schemaVersion: documentSchemaVersion, warnings: doc.warnings ?? [] };
  }
  if (doc.schemaVersion === 2) return { ...doc, schemaVersion: documentSchemaVersion };
  return json;
}
