import { memoByString } from './memo';
import type { ParsedValue } from './cell-value';
import { findScaleNote, type ScaleNote } from './scale-note';
import type { Basis, BasisSource } from '../../../shared/model';

/** What a header text says about the unit of the numbers under or beside it. */
type UnitHint = 'perShare' | 'shares' | 'percent' | 'amount' | 'count' | Duration;
type Duration = 'years' | 'months' | 'days';

const shareCount =
  /\banti-dilutive\b|\bdilutive\s+(?:impact|effect)\b|\beffect\s+of\s+dilutive\b|\bexcluded\s+from\b|\bshares used\b|\bweighted[-\s]average\s+(?:number\s+of\s+)?(?:common\s+|ordinary\s+|diluted\s+|basic\s+)*shares\b|\bshares\s+outstanding\b|\bnumber\s+of\s+shares\b/i;
// "Weighted Average Grant Date Fair Value" in an award activity table is a price per unit
const perShare =
  /\bper\s+(?:common\s+|diluted\s+|basic\s+|ordinary\s+)?(?:share|rsu|psu|unit|option)\b|\bper-share\b|\beps\b|\bearnings\s+per\b|\b(?:exercise|strike|stock|share|closing|sales?)\s+price\b|\bweighted[-\s]+average\s+(?:grant[-\s]+date\s+)?fair\s+value\b/i;
// "Total sale price" of securities sold is an amount: a total is never a price per share
const totalPrice = /^total\b[^]*\bprice\b/i;
const shares =
  /\bshares\b(?![-\s]based)|\bnumber\s+of\s+(?:securities|options|awards|rsus|warrants|units)\b/i;
const percent = /^%|%$|\(%\)|\bpercent(?:age)?\b/i;
const amount = /^amounts?\b|^\$$|^dollars?\b|\(\$\)/i;
// "Expected Remaining Term (years)", "Weighted-average remaining lease term (in years)": read
// before the scale parenthetical is stripped, and before "$" tables make every number dollars
const duration = /\((?:in\s+)?(years|yrs\.?|months|days)\)/i;

// An earnings-per-share computation: its numerator is earnings, its denominator shares
const numerator = /^numerators?\b/i;
const denominator = /^denominators?\b/i;
// "Reallocation of total earnings as a result of conversion of Class B to Class A shares",
// "Dividends on preferred shares": money named first, the shares only say whose
const moneyOfShares = /\b(?:earnings|income|dividends?|loss(?:es)?)\b.*\bshares\b/i;
// People are counted, never in millions: "Number of employees", "Full-time equivalents"
const people = /\b(?:employees|headcount|full[-\s]time\s+equivalents?)\b/i;
// What a note's "except average rate data" / "except ratios" exception names: a row or column
// that is a rate ("Average rate", "Average interest rate", "Yield", "Current ratio"), not one
// that mentions rates ("Foreign income taxed at different rates" is an amount)
const rateLabel = /^average\s+(?:\w+\s+)?rates?\b|\b(?:rate|yield|ratio)$/i;
const exchangeRate = /\b(?:exchange|currency|fx)\b/i;
// A column headed by what it counts ("Options (thous.)", "Units (in thousands)", "RSUs")
const countColumn = /^(?:number\s+of\s+)?(?:units|options|rsus|psus|awards|warrants)\b/i;

// "(in millions, except per share data)" describes scaling, not the unit of this row
const scaleParenthetical = /\([^()]*\b(?:thousands|millions|billions)\b[^()]*\)/gi;

// "($0.016 per common share)", "(1)": details and footnotes, not the row's unit; nor are rates
// written in a label ("2021 Notes issuance … 1.00% - 3.25%" holds dollars)
const numericParenthetical = /\([^()]*\d[^()]*\)|\d[\d,.]*\s*%/g;
// "Common stock, $0.00001 par value; 50,400,000 shares authorized", "Common stock, par value
// $5.00 – 1,200,000,000 shares authorized", "Common stock, stated value $1 per share (…)": the
// head names the row (a dollar amount), the tail describes the shares
const labelTail = /[;:]|,\s*\$|\s[\u2013\u2014]\s|,\s*(?:par|stated)\s+value\b/i;

// "...used in computing ... per share", "Numerator for diluted earnings per share"
const usedInComputing =
  /\b(?:used\s+in|for)\s+(?:computing|calculating|the\s+computation\s+of)\b.*$|\bfor\s+(?:basic\s+|diluted\s+)?(?:net\s+)?(?:earnings|income|loss)\b.*?\bper\s+share\b/i;

/** What a header text says about units (memoised: asked per cell of every table). */
export const unitHint = memoByString(readUnitHint);

function readUnitHint(text: string): UnitHint | null {
  const span = duration.exec(text)?.[1]?.toLowerCase();
  if (span !== undefined) return (span.startsWith('yr') ? 'years' : span) as Duration;
  const stripped = text.replace(scaleParenthetical, '').replace(numericParenthetical, '');
  const t = stripped.split(labelTail)[0]?.trim() ?? '';
  if (t === '') return null;
  if (numerator.test(t)) return 'amount';
  if (denominator.test(t)) return 'shares';
  if (shareCount.test(t)) return 'shares';
  // "Net income used in computing ... per share": an input to the per-share figure
  const head = t.replace(usedInComputing, '');
  if (perShare.test(head) && !totalPrice.test(head)) return 'perShare';
  if (moneyOfShares.test(t)) return 'amount';
  if (shares.test(t)) return 'shares';
  if (percent.test(t)) return 'percent';
  if (amount.test(t)) return 'amount';
  if (people.test(t)) return 'count';
  return null;
}

export interface UnitContext {
  /** The scale statement for this cell (row or column note, else the table's), if any. */
  note: ScaleNote | null;
  /** Where `note` was read (a row label, a column header, the table, its caption, the filing). */
  noteSource?: BasisSource;
  /** The table shows "$" somewhere or states a scale ("in millions" tables are amounts). */
  monetary: boolean;
  /** The caption says the numbers are percentages ("as a percentage of revenue"). */
  percentTable: boolean;
  /** The caption's words that say so, for the cell's basis. */
  percentPhrase?: string;
  /**
   * Some column is headed "Shares": then a row label mentioning shares ("Shares repurchased"
   * in an equity statement) names the event, and the other columns hold its amounts.
   */
  sharesColumn?: boolean;
  /** The cell's column shows "%" on its first and last numbers (see `percentColumns`). */
  percentColumn?: boolean;
  /** The cell's text as shown: per-share amounts are written with cents. */
  shown?: string;
}

/** A cell's unit and scale, and where each was read. */
export interface ResolvedUnit {
  unit: string | null;
  scale: number;
  unitBasis: Basis;
  scaleBasis: Basis;
}

/**
 * One Basis object per (source, phrase): every cell of a column or row shares its reason, so a
 * filing's 20k cells hold a few hundred of them instead of 40k copies. Frozen because shared.
 */
const interned = new Map<BasisSource, Map<string, Basis>>();
const maxInterned = 4096;

function basis(source: BasisSource, phrase: string): Basis {
  let bySource = interned.get(source);
  if (bySource === undefined) {
    bySource = new Map();
    interned.set(source, bySource);
  }
  let found = bySource.get(phrase);
  if (found === undefined) {
    if (bySource.size >= maxInterned) bySource.clear();
    found = Object.freeze({ source, phrase });
    bySource.set(phrase, found);
  }
  return found;
}

const noScaleStated = basis('default', 'no scale stated');
const noUnitStated = basis('default', 'no unit stated');
const scaleWord = /\b(?:thousand|million|billion|trillion)s?\b|\b[kmb]n?\b/i;
const writtenWithCents = /\.\d/;

/** A row or column the note's exception names ("except per share data") is not scaled by it. */
function excepted(note: ScaleNote | null, own: Basis): Basis {
  return note !== null && note.scale !== 1 && note.except !== undefined
    ? basis('table-exception', note.except)
    : own;
}

/** What the cell's headers are read against, worked out once per cell. */
interface CellScale {
  parsed: ParsedValue;
  note: ScaleNote | null;
  noteBasis: Basis | null;
  amountScale: number;
  amountBasis: Basis;
}

/** Share counts take the note's share scale ("shares in thousands", "except share data"). */
function sharesUnit(c: CellScale, own: Basis): ResolvedUnit {
  const { note } = c;
  if (note !== null && note.sharesScale !== null) {
    const scaleBasis =
      note.sharesScale === 1 && note.scale !== 1 ? excepted(note, own) : (c.noteBasis ?? own);
    return { unit: 'shares', scale: note.sharesScale, unitBasis: own, scaleBasis };
  }
  return { unit: 'shares', scale: c.amountScale, unitBasis: own, scaleBasis: c.amountBasis };
}

/** `list` has `text` before its last entry (a section above the row, not the row itself). */
function isSection(list: readonly string[], text: string): boolean {
  const at = list.indexOf(text);
  return at >= 0 && at < list.length - 1;
}

/**
 * What one header text says of the cell: a unit and scale, or null to read the next header.
 * `inColumn`: the text heads the cell's column (by text, as a header repeated in the row
 * label counts as the column's).
 */
function fromHeader(
  c: CellScale,
  text: string,
  source: 'column-header' | 'row-label',
  rowPath: readonly string[],
  colPath: readonly string[],
  ctx: UnitContext,
): ResolvedUnit | null {
  const { parsed, note } = c;
  const hint = unitHint(text);
  const inColumn = source === 'column-header' || colPath.includes(text);
  if (hint === null) {
    if (inColumn && countColumn.test(text) && !parsed.currency) {
      return sharesUnit(c, basis(source, text));
    }
    return null;
  }
  if (hint === 'shares' && ctx.sharesColumn === true && !inColumn) return null;
  // "Basic earnings per share: / Net income 3,125,413": a whole number under a per-share
  // heading is the computation's input, not the per-share figure (written with cents)
  if (
    hint === 'perShare' &&
    !inColumn &&
    isSection(rowPath, text) &&
    ctx.shown !== undefined &&
    !writtenWithCents.test(ctx.shown) &&
    parsed.value !== 0
  ) {
    return null;
  }
  const own = basis(source, text);
  if (hint === 'perShare') {
    return { unit: 'USD/share', scale: 1, unitBasis: own, scaleBasis: excepted(note, own) };
  }
  if (hint === 'percent' && !parsed.currency) {
    return { unit: '%', scale: 0.01, unitBasis: own, scaleBasis: own };
  }
  if (hint === 'shares' && !parsed.currency) return sharesUnit(c, own);
  if (hint === 'amount') {
    return { unit: 'USD', scale: c.amountScale, unitBasis: own, scaleBasis: c.amountBasis };
  }
  if (hint === 'count') {
    if (parsed.currency) {
      const unitBasis = basis('cell-text', '$');
      return { unit: 'USD', scale: c.amountScale, unitBasis, scaleBasis: c.amountBasis };
    }
    // "Employees (in thousands)" states its own scale
    const stated = findScaleNote(text);
    return {
      unit: null,
      scale: stated?.scale ?? 1,
      unitBasis: own,
      scaleBasis: stated === null ? excepted(note, own) : basis(source, stated.phrase),
    };
  }
  if (!parsed.currency && hint !== 'shares' && hint !== 'percent') {
    return { unit: hint, scale: 1, unitBasis: own, scaleBasis: excepted(note, own) };
  }
  return null;
}

/**
 * Unit and scale of one cell. Order matters: what the cell shows ("%") wins; then the most
 * specific header (innermost column, innermost row label, then outer headers); then the
 * table's note. Per-share amounts are never scaled ("in millions, except per share data" is
 * how every filer means it), percentages are 0.01, share counts use the note's share scale.
 * Each decision records where it was read (`unitBasis`, `scaleBasis`) as it is made.
 * Asked once per cell of every table: it builds no lists and shares its Basis objects.
 */
export function resolveUnit(
  parsed: ParsedValue,
  rowPath: readonly string[],
  colPath: readonly string[],
  ctx: UnitContext,
): ResolvedUnit {
  const note = ctx.note;
  const noteBasis = note === null ? null : basis(ctx.noteSource ?? 'caption', note.phrase);
  if (parsed.percent) {
    const b = basis('cell-text', '%');
    return { unit: '%', scale: 0.01, unitBasis: b, scaleBasis: b };
  }
  if (parsed.multiple) {
    const b = basis('cell-text', 'x');
    return { unit: 'x', scale: 1, unitBasis: b, scaleBasis: b };
  }
  if (ctx.percentColumn === true && !parsed.currency) {
    const b = basis('column-values', '%');
    return { unit: '%', scale: 0.01, unitBasis: b, scaleBasis: b };
  }
  const c: CellScale = {
    parsed,
    note,
    noteBasis,
    amountScale: parsed.wordScale !== 1 ? parsed.wordScale : (note?.scale ?? 1),
    amountBasis:
      parsed.wordScale !== 1
        ? basis('cell-text', scaleWord.exec(ctx.shown ?? '')?.[0] ?? ctx.shown ?? '')
        : (noteBasis ?? noScaleStated),
  };
  // Headers from the most specific: the innermost column header, the row label, the outer
  // column headers, then the sections above the row
  const nCol = colPath.length;
  const nRow = rowPath.length;
  if (nCol > 0) {
    const found = fromHeader(
      c,
      colPath[nCol - 1] as string,
      'column-header',
      rowPath,
      colPath,
      ctx,
    );
    if (found !== null) return found;
  }
  if (nRow > 0) {
    const found = fromHeader(c, rowPath[nRow - 1] as string, 'row-label', rowPath, colPath, ctx);
    if (found !== null) return found;
  }
  for (let i = nCol - 2; i >= 0; i--) {
    const found = fromHeader(c, colPath[i] as string, 'column-header', rowPath, colPath, ctx);
    if (found !== null) return found;
  }
  for (let i = nRow - 2; i >= 0; i--) {
    const found = fromHeader(c, rowPath[i] as string, 'row-label', rowPath, colPath, ctx);
    if (found !== null) return found;
  }
  if (ctx.percentTable && !parsed.currency) {
    const b = basis('caption', ctx.percentPhrase ?? 'percentages');
    return { unit: '%', scale: 0.01, unitBasis: b, scaleBasis: b };
  }
  // "(in millions except average rate data)": the rows or columns naming a rate are not scaled
  if (note?.exceptRates === true && !parsed.currency) {
    const named = [
      ...colPath.map((text) => ({ text, source: 'column-header' as const })),
      ...rowPath.map((text) => ({ text, source: 'row-label' as const })),
    ].find((t) => rateLabel.test(t.text.trim()));
    if (named !== undefined) {
      const own = basis(named.source, named.text);
      const scaleBasis = excepted(note, own);
      return exchangeRate.test(named.text)
        ? { unit: null, scale: 1, unitBasis: own, scaleBasis }
        : { unit: '%', scale: 0.01, unitBasis: own, scaleBasis };
    }
  }
  if (note?.sharesOnly === true && !parsed.currency) {
    const b = noteBasis ?? noScaleStated;
    return {
      unit: 'shares',
      scale: note.sharesScale ?? c.amountScale,
      unitBasis: b,
      scaleBasis: b,
    };
  }
  const { amountScale: scale, amountBasis: scaleBasis } = c;
  if (parsed.currency)
    return { unit: 'USD', scale, unitBasis: basis('cell-text', '$'), scaleBasis };
  if (ctx.monetary) {
    // "in millions" tables hold amounts; so does a table showing "$" on some of its numbers
    const unitBasis = noteBasis ?? basis('default', '"$" shown in the table');
    return { unit: 'USD', scale, unitBasis, scaleBasis };
  }
  return { unit: null, scale, unitBasis: noUnitStated, scaleBasis };
}
