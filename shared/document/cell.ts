import { z } from 'zod';

/**
 * Units the ingesters produce. Free text is allowed for rarer units ("x" for multiples,
 * "bps"), so this is a documented vocabulary rather than a closed enum.
 */
export const knownUnits = ['USD', 'shares', '%', 'USD/share', 'x'] as const;
export const Unit = z.string().min(1);
export type Unit = z.infer<typeof Unit>;

/**
 * A fact's period, from its context: a date (`instant`, balances) or a span (`start`..`end`,
 * flows), ISO dates as the filing writes them; `forever` for the rare timeless fact.
 */
export const XbrlPeriod = z.union([
  z.object({ instant: z.string() }).strict(),
  z.object({ start: z.string(), end: z.string() }).strict(),
  z.object({ forever: z.literal(true) }).strict(),
]);
export type XbrlPeriod = z.infer<typeof XbrlPeriod>;

/**
 * An inline XBRL fact (`ix:nonFraction`) found inside the cell, with its context and unit
 * resolved from the filing's `ix:resources`. On a cell, the first fact (a range: one per end,
 * then its central value) is where the cell's value, scale, sign and unit come from; see
 * `Cell.visible` for what the visible text read.
 */
export const XbrlFactRef = z.object({
  /** The concept tagged, as the filing names it: "us-gaap:Revenues". */
  concept: z.string(),
  contextRef: z.string(),
  /** The context's period; null when the filing has no context of that id. */
  period: XbrlPeriod.nullable(),
  /** The context's dimensions, axis → member ("us-gaap:StatementBusinessSegmentsAxis" →
   * "aapl:AmericasSegmentMember"; a typed member's value as written); {} for none. */
  dimensions: z.record(z.string(), z.string()),
  unitRef: z.string().nullable(),
  /**
   * The unit's measures without their prefixes: "USD", "shares", "pure", "USD/shares" (a
   * division), "segment"; null when there is no unitRef or no unit of that id.
   */
  unit: z.string().nullable(),
  /** The `decimals` attribute: digits of accuracy (-6: to the million), or "INF". */
  decimals: z.union([z.number().int(), z.literal('INF')]).nullable(),
  /** The fact's `scale` attribute: the fact is the displayed number times 10^scale. */
  scale: z.number().int(),
  /** True when the fact carries `sign="-"` (the fact value is negative). */
  negated: z.boolean(),
  /**
   * The fact's value: the displayed number read with the fact's `format`, × 10^scale, negated
   * for `sign="-"`. null for a nil fact or a display format this reader does not know.
   */
  factValue: z.number().nullable(),
  /**
   * Whether the value read from the visible text (× its scale) has the fact's magnitude: the
   * cross-check of the visible-text reader. null when the fact could not be read.
   */
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
  /** The cell's inline XBRL tag: its `scale` attribute, or its unit. */
  'inline-xbrl',
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

/**
 * What the visible-text reader made of a tagged cell (the values an untagged cell would have):
 * the number as displayed (sign as printed), its scale and unit and where they were read.
 */
export const VisibleReading = z.object({
  kind: CellKind,
  value: z.number().nullable(),
  range: z.tuple([z.number(), z.number()]).optional(),
  scale: z.number().positive(),
  unit: Unit.nullable(),
  scaleBasis: Basis.optional(),
  unitBasis: Basis.optional(),
});
export type VisibleReading = z.infer<typeof VisibleReading>;

export const Cell = z.object({
  /** 0-based index of the `<tr>` in its table (PDF: the row in the recovered grid). */
  sourceRow: z.number().int().nonnegative(),
  /** 0-based grid column after colspan/rowspan expansion, of the element holding the number. */
  sourceCol: z.number().int().nonnegative(),
  /** The visible text, with "$", "(" / ")" and "%" that sat in neighbouring cells joined in. */
  text: z.string(),
  kind: CellKind,
  /**
   * The number as displayed: "(1,234)" → -1234, "12.5%" → 12.5, "—" → 0. A tagged cell: the
   * fact's value ÷ scale, its sign the fact's (a cost printed "(1,234)" and tagged as a
   * positive 1234 is 1234; `visible.value` keeps -1234).
   */
  value: z.number().nullable(),
  /** Both ends of a range cell (kind "range"), each as displayed and scaled like `value`. */
  range: z.tuple([z.number(), z.number()]).optional(),
  /**
   * Multiplier to base units: value × scale is the quantity (1e6 "in millions", 0.01 for %);
   * a tagged cell: 10^(the fact's scale attribute).
   */
  scale: z.number().positive(),
  /** See `knownUnits`; a tagged cell: its fact's unit ("USD/shares" → "USD/share"). */
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
  /**
   * Inline XBRL facts in the cell, in reading order. When present and readable, the cell's
   * value, scale, sign and unit are the first fact's (a range's ends and central value: the
   * facts in that order), and `visible` keeps what the visible text read.
   */
  xbrl: z.array(XbrlFactRef).optional(),
  /** A tagged cell: the visible-text reading, kept beside the tag's values. */
  visible: VisibleReading.optional(),
  /**
   * What to know before trusting the cell: the visible text read another quantity or unit
   * than its tag ("the filing tags this as 62,360 USD millions (us-gaap:NetIncomeLoss); the
   * visible text read 62,360 USD/share"), or it holds more facts than the value uses.
   */
  warnings: z.array(z.string().min(1)).optional(),
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
