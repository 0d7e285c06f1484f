import { z } from 'zod';
import { Document, DocumentSource, DatasetFormat, upgradeDocumentJson } from '../document';
import { parseDocumentFast } from '../document/document-parse.generated';

/**
 * A Document read from a benchmark file: a plain Document whose `externalId` (the id the
 * dataset's questions refer to) and `source.format` are always set, so dataset code need not
 * check for them.
 */
export const DatasetDocument = Document.extend({
  externalId: z.string().min(1),
  source: DocumentSource.extend({ format: DatasetFormat }),
});
export type DatasetDocument = z.infer<typeof DatasetDocument>;

/**
 * Reads a stored dataset document, including ones stored before Document schema version 2.
 *
 * The stored JSON is checked on every read (the workspace's SQLite file may come from
 * elsewhere), but without zod's generic parser where it can be: a run opens every record it
 * asks about, and zod cost ≈ 0.08 ms of CPU per question of a TAT-QA run (docs/BENCHMARKS.md,
 * "Runs engine, sixth pass"). `parseDocumentFast` (generated from the Document's zod schema)
 * answers what `Document.parse` answers, checking JSON.parse's objects in place when their keys
 * are in the schema's order, as ours are stored. DatasetDocument is that same schema with two
 * fields narrowed: `externalId` required (a string of at least one character) and
 * `source.format` required (the Document already checks it is a DatasetFormat when present).
 * Extending keeps every key's position, so when the Document's answer has both, it is
 * DatasetDocument's answer too. Anything else (absent, undefined, rejected) goes to zod, which
 * throws its usual error: no rejection changes.
 */
export const parseStoredDatasetDocument = (json: unknown): DatasetDocument => {
  const upgraded = upgradeDocumentJson(json);
  const doc = parseDocumentFast(upgraded);
  if (
    doc !== undefined &&
    typeof doc.externalId === 'string' &&
    doc.externalId.length >= 1 &&
    doc.source.format !== undefined
  )
    return doc as DatasetDocument;
  return DatasetDocument.parse(upgraded);
};
