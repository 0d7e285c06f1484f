import { z } from 'zod';
import { Document, DocumentSource, DatasetFormat, upgradeDocumentJson } from '../document';

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

/** Reads a stored dataset document, including ones stored before Document schema version 2. */
export const parseStoredDatasetDocument = (json: unknown): DatasetDocument =>
  DatasetDocument.parse(upgradeDocumentJson(json));
