/**
 * What the HTML walker hands to the table and block builders: text and table cells with just
 * the presentation facts the builders need (bold, indentation, spans), no DOM.
 */

/** A fact's period as its context states it (see `XbrlPeriod` in shared/document). */
export type RawXbrlPeriod =
  { instant: string } | { start: string; end: string } | { forever: true };

/** An inline XBRL `ix:nonFraction` seen inside a table cell. */
export interface RawIxFact {
  name: string;
  contextRef: string;
  unitRef: string | null;
  scale: number;
  negated: boolean;
  format: string | null;
  /** The `decimals` attribute as written ("-6", "INF"), or null. */
  decimals: string | null;
  /** `xsi:nil="true"`: the fact has no value. */
  nil: boolean;
  /** The fact's displayed text (inside the ix element). */
  shown: string;
  /**
   * From the filing's `ix:resources`, filled in once the whole file is read (a context may be
   * written after the fact): the context's period (null when no context has that id) and
   * dimensions, the unit's measures ("USD", "USD/shares"; null without a unit).
   */
  period: RawXbrlPeriod | null;
  dimensions: Readonly<Record<string, string>>;
  unit: string | null;
}

export interface RawCell {
  /** Visible text with whitespace as in the source (entities decoded, `<sup>` text left out). */
  text: string;
  colspan: number;
  rowspan: number;
  isTh: boolean;
  /** Non-space characters in total and under bold styling. */
  chars: number;
  boldChars: number;
  /** Left indentation (pt) from padding/margin/text-indent inside the cell, at the first text. */
  indentPt: number;
  facts: RawIxFact[];
  /** Footnote marks printed raised in the cell (`<sup>1</sup>`, a raised "(2)"), in order. */
  footnotes?: string[] | undefined;
}

export interface RawRow {
  cells: RawCell[];
}

export interface RawTable {
  type: 'table';
  /** 0-based order of this `<table>` among all `<table>` elements of the source. */
  sourceIndex: number;
  path: string;
  /** Inside display:none (an inline XBRL header, for instance): never reported. */
  hidden: boolean;
  rows: RawRow[];
}

export interface RawText {
  type: 'text';
  text: string;
  path: string;
  /** Set for `<h1>`..`<h6>`. */
  headingTag: number | null;
  chars: number;
  boldChars: number;
}

export type RawItem = RawTable | RawText;

export interface RawDocument {
  title: string;
  /** Text runs and tables in source order (a table's item sits where its `<table>` opens). */
  items: RawItem[];
  /** Total `ix:nonFraction` elements seen, inside tables or not. */
  ixFactCount: number;
}
