import { z } from 'zod';
import { FootnoteMark } from './cell';

/**
 * One node of a table's column-header tree or row-header tree.
 * Column headers: the header cell's source row and the grid columns it spans; children are the
 * header cells below it whose columns fall inside that span ("Revenue" > "2025").
 * Row headers: the row's label cell; children are the rows nested under it (a section row
 * "Sensors" with "Product" and "Service" below it).
 */
export interface HeaderNode {
  /** The header as written, footnote marks taken off ("Average Price Paid per Share"). */
  text: string;
  /** Footnote marks printed on the header (a superscript "1", a trailing "(1)"), in order. */
  footnotes?: string[] | undefined;
  sourceRow: number;
  firstCol: number;
  lastCol: number;
  children: HeaderNode[];
}

export const HeaderNode: z.ZodType<HeaderNode> = z.object({
  text: z.string(),
  footnotes: z.array(FootnoteMark).optional(),
  sourceRow: z.number().int().nonnegative(),
  firstCol: z.number().int().nonnegative(),
  lastCol: z.number().int().nonnegative(),
  get children() {
    return z.array(HeaderNode);
  },
});

export { spanParent } from './header-span';
