import { z } from 'zod';
import { Block } from './block';
import { Table } from './table';

export const documentSchemaVersion = 1;

/** What an ingester read: the name it was given and the format it parsed. */
export const DocumentSource = z.object({
  name: z.string(),
  kind: z.enum(['sec-html', 'pdf']),
  bytes: z.number().int().nonnegative(),
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
  source: DocumentSource,
  title: z.string(),
  /** Reading order: headings, paragraphs and table markers. */
  blocks: z.array(Block),
  /** Data tables only (layout tables become paragraphs), in source order. */
  tables: z.array(Table),
  /** Present when the source carried inline XBRL. */
  xbrl: XbrlCrossCheck.optional(),
});
export type Document = z.infer<typeof Document>;
