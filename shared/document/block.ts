import { z } from 'zod';
import { SourceLocation } from './source-location';

export const HeadingBlock = z.object({
  type: z.literal('heading'),
  id: z.string(),
  /** 1 = part, 2 = item, 3 = other bold titles; `<h1>`..`<h6>` keep their own level. */
  level: z.number().int().min(1).max(6),
  text: z.string(),
  location: SourceLocation,
});
export type HeadingBlock = z.infer<typeof HeadingBlock>;

export const ParagraphBlock = z.object({
  type: z.literal('paragraph'),
  id: z.string(),
  text: z.string(),
  location: SourceLocation,
});
export type ParagraphBlock = z.infer<typeof ParagraphBlock>;

/** Marks where a table sits in reading order; its content is `Document.tables[]` with the same id. */
export const TableBlock = z.object({
  type: z.literal('table'),
  id: z.string(),
  location: SourceLocation,
});
export type TableBlock = z.infer<typeof TableBlock>;

export const Block = z.discriminatedUnion('type', [HeadingBlock, ParagraphBlock, TableBlock]);
export type Block = z.infer<typeof Block>;
