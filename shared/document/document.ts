import { z } from 'zod';
import { Block } from './block';
import { DatasetFormat } from './dataset-format';
import { documentSchemaVersion } from './schema-version';
import { Table } from './table';

export { documentSchemaVersion };

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

/** A version-3 fact ({name, contextRef, unitRef, scale, negated, agrees}) in version 4's shape:
 * what version 3 did not record (period, dimensions, unit, decimals, value) is unknown. */
function upgradeFact(fact: unknown): unknown {
  if (typeof fact !== 'object' || fact === null || !('name' in fact)) return fact;
  const { name, ...rest } = fact as Record<string, unknown>;
  return {
    concept: name,
    period: null,
    dimensions: {},
    unit: null,
    decimals: null,
    factValue: null,
    ...rest,
  };
}

const upgradeFacts = (holder: unknown): unknown => {
  if (typeof holder !== 'object' || holder === null) return holder;
  const h = holder as Record<string, unknown>;
  return Array.isArray(h.xbrl) ? { ...h, xbrl: h.xbrl.map(upgradeFact) } : holder;
};

/** Version 3 → 4: cells and row numbers keep their facts, renamed and widened. */
function upgradeFrom3(doc: Record<string, unknown>): Record<string, unknown> {
  const tables = Array.isArray(doc.tables)
    ? doc.tables.map((t: unknown) => {
        if (typeof t !== 'object' || t === null) return t;
        const table = t as Record<string, unknown>;
        return {
          ...table,
          ...(Array.isArray(table.cells) ? { cells: table.cells.map(upgradeFacts) } : {}),
          ...(Array.isArray(table.rows)
            ? {
                rows: table.rows.map((r: unknown) => {
                  if (typeof r !== 'object' || r === null) return r;
                  const row = r as Record<string, unknown>;
                  return Array.isArray(row.numbers)
                    ? { ...row, numbers: row.numbers.map(upgradeFacts) }
                    : row;
                }),
              }
            : {}),
        };
      })
    : doc.tables;
  return { ...doc, schemaVersion: documentSchemaVersion, tables };
}

/**
 * Brings Document JSON written by an older version to the current schema; anything else is
 * returned as is for the schema to judge. Dataset documents are stored once at import time
 * (dataset_documents) and never re-read from their source, so versions 1 to 3 must keep
 * loading: version 1 lacked only `warnings`, which for those documents is empty; version 3
 * added only optional fields, so a version-2 document is a version-3 one without them;
 * version 4 renamed a fact's `name` to `concept` and gave it fields version 3 did not record.
 */
export function upgradeDocumentJson(json: unknown): unknown {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
  const doc = json as Record<string, unknown>;
  if (doc.schemaVersion === 1) {
    return upgradeFrom3({ ...doc, warnings: doc.warnings ?? [] });
  }
  if (doc.schemaVersion === 2 || doc.schemaVersion === 3) return upgradeFrom3(doc);
  return json;
}
