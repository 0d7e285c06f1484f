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
