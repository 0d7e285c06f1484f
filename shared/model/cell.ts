import { z } from 'zod';

/**
 * Units the ingesters produce. Free text is allowed for rarer units ("x" for multiples,
 * "bps"), so this is a documented vocabulary rather than a closed enum.
 */
export const knownUnits = ['USD', 'shares', '%', 'USD/share', 'x'] as const;
export const Unit = z.string().min(1);
export type Unit = z.infer<typeof Unit>;

/**
 * An inline XBRL fact found inside the cell. Metadata only: the cell's value always comes from
 * the visible text; `agrees` records whether that value matched the fact (the cross-check).
 */
export const XbrlFactRef = z.object({
  name: z.string(),
  contextRef: z.string(),
  unitRef: z.string().nullable(),
  /** The fact's `scale` attribute: the fact is the displayed number times 10^scale. */
  scale: z.number().int(),
  /** True when the fact carries `sign="-"` (the fact value is negative). */
  negated: z.boolean(),
  /** null when the displayed text could not be read as a fact value (unknown format). */
  agrees: z.boolean().nullable(),
});
export type XbrlFactRef = z.infer<typeof XbrlFactRef>;

/** What the visible text of a cell turned out to be. */
export const CellKind = z.enum([
  /** A number: value is set. */
  'number',
  /** A dash ("—", "–", "-") standing for nil: value is 0. */
  'dash',
  /** A range "3.6%-5.4%": value is null, `range` holds both ends as displayed. */
  'range',
  /** "n/a", "NM", "*": explicitly no value; value is null. */
  'na',
  /** Words (a date, a name, a description): value is null. */
  'text',
]);
export type CellKind = z.infer<typeof CellKind>;

/**
 * Where a cell's scale or unit was read from, most specific first: the cell's own text, its
 * column's header, its row's label, an exception in the table's scale statement, the statement
 * itself (inside the table, or in the caption above it), the filing's usual scale, or nothing.
 */
export const BasisSource = z.enum([
  /** The cell shows it: "12.5%", "2.1x", "$1.2 billion", "$". */
  'cell-text',
  /** Words over the cell's column: "(in thousands)", "% of revenue", "Shares". */
  'column-header',
  /** The column's first and last numbers show "%" (the filer printed it only there). */
  'column-values',
  /** The row's label or a section label above it: "Diluted earnings per share". */
  'row-label',
  /** The table's scale statement excepts this row or column: "except per share data". */
  'table-exception',
  /** A scale statement inside the table, in its header rows or a line of its own. */
  'table-note',
  /** The text above the table: "(In millions)", "as a percentage of revenue". */
  'caption',
  /** The table states no scale; the filing's usual one is assumed. */
  'filing-usual',
  /** Nothing stated: numbers as shown; dollars when the table shows "$" elsewhere. */
  'default',
]);
export type BasisSource = z.infer<typeof BasisSource>;

/** Why a cell has its scale or unit: where it was read and the words read there. */
export const Basis = z.object({
  source: BasisSource,
  /** The words as written ("(In millions, except per share data)", "Diluted"); for
   * "default", a short account ("no scale stated"). */
  phrase: z.string(),
});
export type Basis = z.infer<typeof Basis>;

/** A footnote mark as printed: "1", "a", "*" (without the parentheses of "(1)"). */
export const FootnoteMark = z.string().min(1).max(8);

export const Cell = z.object({
  /** 0-based index of the `<tr>` in its table (PDF: the row in the recovered grid). */
  sourceRow: z.number().int().nonnegative(),
  /** 0-based grid column after colspan/rowspan expansion, of the element holding the number. */
  sourceCol: z.number().int().nonnegative(),
  /** The visible text, with "$", "(" / ")" and "%" that sat in neighbouring cells joined in. */
  text: z.string(),
  kind: CellKind,
  /** The number as displayed: "(1,234)" → -1234, "12.5%" → 12.5, "—" → 0. */
  value: z.number().nullable(),
  /** Both ends of a range cell (kind "range"), each as displayed and scaled like `value`. */
  range: z.tuple([z.number(), z.number()]).optional(),
  /** Multiplier to base units: value × scale is the quantity (1e6 "in millions", 0.01 for %). */
  scale: z.number().positive(),
  unit: Unit.nullable(),
  /** Where `scale` came from (SEC HTML reader; absent where a reader does not say). */
  scaleBasis: Basis.optional(),
  /** Where `unit` came from (SEC HTML reader; absent where a reader does not say). */
  unitBasis: Basis.optional(),
  /** Footnote marks printed on the cell ("$151 (2)", a superscript "1"), in order. */
  footnotes: z.array(FootnoteMark).optional(),
  /** Row-header texts from outermost to innermost ("Sensors", "Product"). */
  rowPath: z.array(z.string()),
  /** Column-header texts from outermost to innermost ("Revenue", "2025"). */
  colPath: z.array(z.string()),
  xbrl: z.array(XbrlFactRef).optional(),
});
export type Cell = z.infer<typeof Cell>;

/**
 * A number written inside text rather than as a cell value: "Common stock, $0.001 par value;
 * 80,000 shares authorized" or "0.584% Notes Due 2024" in a row label. Same meaning of value,
 * scale and unit as on a cell; `offset` is where `text` starts in the source cell's text.
 */
export const NumberMention = z.object({
  sourceCol: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  text: z.string(),
  value: z.number(),
  scale: z.number().positive(),
  unit: Unit.nullable(),
  xbrl: z.array(XbrlFactRef).optional(),
});
export type NumberMention = z.infer<typeof NumberMention>;
