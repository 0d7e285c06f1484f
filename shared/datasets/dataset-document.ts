import { z } from 'zod';
import {
  Document,
  HeadingBlock,
  ParagraphBlock,
  SourceLocation,
  Table,
  TableBlock,
} from '../model';
import { DatasetFormat } from './dataset-format';

/*
 * A benchmark record read into our Document model. The model (shared/model) has no place yet
 * for three things a dataset needs, so this wrapper widens exactly those and nothing else:
 * - `externalId`: the dataset's own id of the document (TAT-QA table uid, FinQA filename, ...),
 *   which questions refer to;
 * - `source.kind` "dataset" (the text came from a JSON record, not from HTML or a PDF we read),
 *   plus the format and, for PDF-backed datasets, the PDF's path;
 * - a `dataset` location: a JSON Pointer (RFC 6901) into the dataset file, because dataset
 *   paragraphs have neither an HTML element path nor a PDF box.
 * Once the model grows these (requested), DatasetDocument becomes a plain Document.
 */

export const DatasetLocation = z.object({
  kind: z.literal('dataset'),
  /** JSON Pointer into the dataset file, e.g. "/17/pre_text/3" or "/0/tables/2". */
  pointer: z.string(),
});
export type DatasetLocation = z.infer<typeof DatasetLocation>;

export const AnyLocation = z.union([SourceLocation, DatasetLocation]);
export type AnyLocation = z.infer<typeof AnyLocation>;

export const DatasetTable = Table.extend({ location: AnyLocation });
export type DatasetTable = z.infer<typeof DatasetTable>;

export const DatasetBlock = z.discriminatedUnion('type', [
  HeadingBlock.extend({ location: AnyLocation }),
  ParagraphBlock.extend({ location: AnyLocation }),
  TableBlock.extend({ location: AnyLocation }),
]);
export type DatasetBlock = z.infer<typeof DatasetBlock>;

export const DatasetDocumentSource = z.object({
  /** The dataset file's name, or the PDF's name for PDF-backed datasets. */
  name: z.string(),
  kind: z.enum(['sec-html', 'pdf', 'dataset']),
  /** Bytes of the record's JSON (kind "dataset") or of the PDF (kind "pdf"; 0 when missing). */
  bytes: z.number().int().nonnegative(),
  format: DatasetFormat,
  /** PDF-backed datasets: the PDF's path relative to the dataset file's folder. */
  file: z.string().optional(),
});
export type DatasetDocumentSource = z.infer<typeof DatasetDocumentSource>;

export const DatasetDocument = Document.extend({
  externalId: z.string().min(1),
  source: DatasetDocumentSource,
  blocks: z.array(DatasetBlock),
  tables: z.array(DatasetTable),
});
export type DatasetDocument = z.infer<typeof DatasetDocument>;
