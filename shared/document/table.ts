import { z } from 'zod';
import { Cell, FootnoteMark, NumberMention } from './cell';
import { HeaderNode } from './header-node';
import { SourceLocation } from './source-location';

/** The role a source row plays in the table. */
export const RowKind = z.enum([
  /** Part of the column-header band. */
  'header',
  /** A label without values that heads the rows below it ("Revenue:"). */
  'section',
  /** A label with values. */
  'data',
  /** A total or subtotal ("Total revenue", or an unlabelled sum under a section). */
  'total',
  /** A label without values that heads nothing (a note line inside the table). */
  'note',
]);
export type RowKind = z.infer<typeof RowKind>;

export const TableRow = z.object({
  sourceRow: z.number().int().nonnegative(),
  kind: RowKind,
  /** The label as written, footnote marks taken off ("Per Share" of "Per Share(1)"). */
  label: z.string(),
  /** Footnote marks printed on the label (a superscript "1", a trailing "(2)"), in order. */
  footnotes: z.array(FootnoteMark).optional(),
  /** Nesting depth in the row-header tree (0 = top level); header rows are 0. */
  level: z.number().int().nonnegative(),
  /** The row's full header path; the cells of this row carry the same rowPath. */
  path: z.array(z.string()),
  /** Numbers written in the row's label (par values, share counts, rates in note names). */
  numbers: z.array(NumberMention).optional(),
});
export type TableRow = z.infer<typeof TableRow>;

export const Table = z.object({
  /** Stable for a given source file: "t" + sourceIndex. */
  id: z.string(),
  /** 0-based order of the `<table>` element in the HTML source (PDF: order of the table). */
  sourceIndex: z.number().int().nonnegative(),
  /** 1-based page (PDF only). */
  page: z.number().int().positive().optional(),
  /** The title found before the table (or in its first rows); "" when there is none. */
  caption: z.string(),
  /** The phrase the default scale came from ("in millions, except per share data"), if any. */
  scaleNote: z.string().nullable(),
  location: SourceLocation,
  /** Grid size after colspan/rowspan expansion. */
  rowCount: z.number().int().nonnegative(),
  colCount: z.number().int().nonnegative(),
  columnHeaders: z.array(HeaderNode),
  rowHeaders: z.array(HeaderNode),
  rows: z.array(TableRow),
  cells: z.array(Cell),
});
export type Table = z.infer<typeof Table>;
