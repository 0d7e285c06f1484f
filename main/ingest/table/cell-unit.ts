import { memoByString } from './memo';
import type { ParsedValue } from './cell-value';
import { findScaleNote, significantWords, type ScaleNote } from './scale-note';
import type { Basis, BasisSource } from '../../../shared/document';

/** What a header text says about the unit of the numbers under or beside it. */
type UnitHint =
  | 'perShare'
  | 'shares'
  | 'percent'
  | 'amount'
  | 'count'
  | 'ratio'
  | 'basisPoints'
  | 'multiple'
  | Duration;
type Duration = 'years' | 'months' | 'days';

const shareCount =
  /\bas[-\s]converted\b|\banti-dilutive\b|\bdilutive\s+(?:impact|effect)\b|\beffect\s+of\s+(?:potentially\s+)?dilutive\b|\bexcluded\s+from\s+(?:the\s+)?(?:computation|calculation|diluted|basic)\b|\b(?:shares|securities|awards|options)\s+(?:\w+\s+){0,3}excluded\b|\bshares used\b|\bweighted[-\s]average\s+(?:number\s+of\s+)?(?:common\s+|ordinary\s+|diluted\s+|basic\s+)*shares\b|\bshares\s+outstanding\b|\bnumber\s+of\s+shares\b/i;
// "Weighted Average Grant Date Fair Value" in an award activity table is a price per unit
// "per limited partner unit", "per Class A common share": a partnership's units are its shares
const perShare =
  /\bper\s+(?:(?:common|diluted|basic|ordinary|limited|general|partner(?:ship)?|class\s+[a-z]|preferred|depositary)\s+){0,3}(?:share|rsu|psu|unit|option)\b|\bper-share\b|\beps\b|\bearnings\s+per\b|\b(?:exercise|strike|stock|share|closing|sales?)\s+price\b|\bweighted[-\s]+average\s+(?:grant[-\s]+date\s+)?fair\s+value\b/i;
// "Total sale price" of securities sold is an amount: a total is never a price per share
const totalPrice = /^total\b[^]*\bprice\b/i;
const shares =
  /\bshares\b(?![-\s]based)|\bnumber\s+of\s+(?:securities|options|awards|rsus|warrants|units)\b/i;
const percent = /^%|%$|\(%\)|\bpercent(?:age)?\b/i;
const amount = /^amounts?\b|^\$$|^dollars?\b|\(\$\)/i;
// "Expected Remaining Term (years)", "Weighted-average remaining lease term (in years)": read
// before the scale parenthetical is stripped, and before "$" tables make every number dollars
const duration = /\((?:in\s+)?(years|yrs\.?|months|days)\)/i;
// "Change in margin (bps)", "Spread (in basis points)": hundredths of a percent, never dollars;
// "Interest coverage (times)", "Leverage (x)": a multiple. Read, like a duration, before the
// parenthetical is stripped.
const basisPointsLabel = /\((?:in\s+)?(?:bps|basis\s+points)\)/i;
const multipleLabel = /\((?:in\s+)?(?:times|x)\)/i;

// An earnings-per-share computation: its numerator is earnings, its denominator shares
const numerator = /^numerators?\b/i;
const denominator = /^denominators?\b/i;
// The numerator and denominator of a return or a ratio are amounts ("Calculation of return on
// investment > Denominator > Average total assets"), not an EPS computation's shares
const returnCalculation = /\breturn\s+on\b|\bro(?:i|ic|ce|a|e)\b|\bratios?\b|\bmargins?\b/i;
// "Reallocation of total earnings as a result of conversion of Class B to Class A shares",
// "Dividends on preferred shares": money named first, the shares only say whose; so does a
// value, cost or proceeds of shares ("Approximate Dollar Value of Shares that May Yet Be
// Purchased", "Total fair value of shares vested")
const moneyOfShares =
  /\b(?:earnings|income|dividends?|loss(?:es)?|(?:dollar|fair|market|aggregate)\s+value|costs?|proceeds)\b.*\bshares\b/i;
// "Effect of potentially dilutive securities", "Less: participating securities": in an EPS
// denominator, securities are counted as shares; earnings allocated to them are money
const securitiesCounted =
  /\b(?:potentially\s+)?dilutive\s+(?:securities|shares|stock\s+options|options|awards|units|rsus)\b|\bparticipating\s+securities\b/i;
const moneyWords = /\b(?:earnings|income|dividends?|loss(?:es)?|allocat\w*|distribut\w*)\b/i;
// "Awards granted", "RSUs vested", "Options outstanding at end of year": how many awards an
// event moved; "Fair value of RSUs vested" is money, and so is "Stock options exercised" in a
// cash flow statement (the proceeds), so exercises are left to the table
const awardEvent =
  /\b(?:awards?|options|units|rsus|psus)\s+(?:granted|vested|forfeited|cancell?ed|released|expired|outstanding)\b/i;
const awardMoney =
  /\b(?:values?|costs?|expenses?|prices?|proceeds|cash|tax(?:es)?|income|compensation|payments?|amounts?)\b|\$/i;
// Equity awards counted in a table whose only statement is about shares ("(Shares in
// millions)": "Stock options 0.8", "Restricted stock units 0.5")
const equityAwards =
  /\b(?:stock\s+options|options|restricted\s+stock|rsus?|psus?|performance[-\s](?:based\s+)?(?:restricted\s+)?(?:stock\s+)?(?:units|shares|awards)|warrants|(?:stock|equity)\s+awards|stock\s+units)\b/i;
// People and places are counted, never in millions: "Number of employees", "Full-time
// equivalents", "Number of stores", "Store count" (a number of shares, units or awards is a share
// count, and a number of days or years a duration: their own rules)
const people =
  /\b(?:employees|headcount|full[-\s]time\s+equivalents?)\b|^(?:total\s+)?number\s+of\s+(?!(?:shares|securities|options|awards|rsus|psus|warrants|units|common|stock|days|weeks|months|years)\b)[a-z]|\b(?:store|location|restaurant|club|branch)\s+counts?\b/i;
// A rate at which one thing converts into another is a plain number ("Conversion rate into
// Class A common stock" 1.5430, "Exchange rate" 1.0825), never dollars or a percentage; "Effect
// of exchange rate changes on cash" is an amount
const conversionRate = /\b(?:conversion|exchange)\s+(?:rates?|ratios?)\b/i;
const rateEffect =
  /\b(?:effects?|impacts?|changes?|gains?|loss(?:es)?|adjustments?|translation|hedg\w*|contracts?|swaps?|risks?|sensitivity|fluctuations?|movements?|fees?)\b/i;
// "Treasury stock, at cost": an amount of money, whatever the label says of the shares
const atCost = /\bat\s+cost\b/i;
// "Common stock held in treasury, at cost, 143,308,017 shares in 2024 and 137,983,144 shares":
// a count written in the label describes the shares behind the row, not the row's own values
const countInLabel =
  /(?:\d{1,3}(?:,\d{3})+|\d{5,})(?:\.\d+)?\s+(?:(?:and|or|to)\s+[\d,.]+\s+)?(?:[a-z-]+\s+){0,2}?shares?\b/gi;
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

// "...used in computing ... per share", "Numerator for diluted earnings per share", "Net income
// for diluted EPS", "Net income used to compute basic EPS": what the amount is for, not its unit
const usedInComputing =
  /\b(?:used\s+in|for)\s+(?:computing|calculating|the\s+computation\s+of)\b.*$|\bfor\s+(?:basic\s+|diluted\s+)?(?:net\s+)?(?:earnings|income|loss)\b.*?\bper\s+share\b|\b(?:used\s+(?:to|in|for)\s+(?:comput|calculat|determin)\w*|for)\s+(?:the\s+)?(?:(?:basic|diluted)\s+(?:and\s+(?:basic|diluted)\s+)?)?(?:eps|(?:net\s+)?(?:earnings|income|loss)\s+per\s+(?:common\s+)?share)\b.*$/i;

// "Less: shares which could be repurchased …": the operator before the colon is no head
const leadingOperator = /^\s*(?:less|add|plus|minus|deduct)\s*:\s*/i;

/**
 * What a label or header names, without what it says of something else: scale and numeric
 * parentheticals, counts of shares written in it and the tail after ";", ", $", " – " or
 * ", par value" are taken off ("Common stock, $0.01 par value; 80,000 shares authorized" →
 * "Common stock"). Memoised.
 */
export const headOf = memoByString(
  (text: string) =>
    text
      .replace(leadingOperator, '')
      .replace(scaleParenthetical, '')
      .replace(numericParenthetical, '')
      .replace(countInLabel, '')
      .split(labelTail)[0]
      ?.trim() ?? '',
);

// "Annual membership fee", "Price per barrel", "Cost per member": what one unit costs. Singular
// "fee": "Membership fees" and "Fee income" are revenue, totals like any other amount.
const unitPrice =
  /\bfee\b(?!\s+(?:income|revenues?|expenses?))|\bprice\s+per\b|\b(?:cost|fee|price|charge|rate)s?\s+per\s+(?!share\b)\w+|\bper\s+(?:member|customer|user|subscriber|account|person|visit|month|year|annum)\b/i;
const unitPriceOf = memoByString((text: string) => unitPrice.test(headOf(text)));

/**
 * The cell's row or column names what one unit costs ("Annual membership fee", "Price per
 * barrel"): an amount a table stating no scale never has in millions.
 */
export function namesUnitPrice(rowPath: readonly string[], colPath: readonly string[]): boolean {
  return rowPath.some(unitPriceOf) || colPath.some(unitPriceOf);
}

/** What a header text says about units (memoised: asked per cell of every table). */
export const unitHint = memoByString(readUnitHint);

function readUnitHint(text: string): UnitHint | null {
  const span = duration.exec(text)?.[1]?.toLowerCase();
  if (span !== undefined) return (span.startsWith('yr') ? 'years' : span) as Duration;
  if (basisPointsLabel.test(text)) return 'basisPoints';
  if (multipleLabel.test(text)) return 'multiple';
  const t = headOf(text);
  if (t === '') return null;
  if (numerator.test(t)) return 'amount';
  if (denominator.test(t)) return 'shares';
  if (conversionRate.test(t) && !rateEffect.test(t)) return 'ratio';
  if (shareCount.test(t)) return 'shares';
  // "Net income used in computing ... per share": an input to the per-share figure
  const head = t.replace(usedInComputing, '');
  if (perShare.test(head) && !totalPrice.test(head)) return 'perShare';
  if (atCost.test(t)) return 'amount';
  if (moneyOfShares.test(t)) return 'amount';
  if (securitiesCounted.test(t) && !moneyWords.test(t)) return 'shares';
  if (awardEvent.test(t) && !awardMoney.test(t)) return 'shares';
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
  percentPhrase?: string | undefined;
  /**
   * Some column is headed "Shares": then a row label mentioning shares ("Shares repurchased"
   * in an equity statement) names the event, and the other columns hold its amounts.
   */
  sharesColumn?: boolean;
  /** The cell's column shows "%" on its first and last numbers (see `percentColumns`). */
  percentColumn?: boolean;
  /** The cell's text as shown: per-share amounts are written with cents. */
  shown?: string;
  /** Some number of the table shows "$" (false: none does). */
  showsCurrency?: boolean;
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
  /** The note's exception names one of the cell's headers ("except number of stores"). */
  excepted: boolean;
}

/** The significant words of a label's or header's head (`headOf`), as a set. */
const headWords = memoByString((text: string) => new Set(significantWords(headOf(text))));

const namesAll = (words: readonly string[], text: string) => {
  const have = headWords(text);
  return words.every((w) => have.has(w));
};

/**
 * The first of `items` one of the cell's headers names, most specific header first (innermost
 * column, the row's label, outer columns, sections above the row), or undefined.
 */
function namedByHeaders<T>(
  items: readonly T[],
  wordsOf: (item: T) => readonly string[],
  rowPath: readonly string[],
  colPath: readonly string[],
): T | undefined {
  const order = [colPath.at(-1), rowPath.at(-1), ...colPath.slice(0, -1).reverse()];
  order.push(...rowPath.slice(0, -1).reverse());
  for (const text of order) {
    if (text === undefined) continue;
    const found = items.find((item) => namesAll(wordsOf(item), text));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Share counts take the note's share scale ("shares in thousands", "except share data"). */
function sharesUnit(c: CellScale, own: Basis): ResolvedUnit {
  const { note } = c;
  if (note !== null && note.sharesScale !== null) {
    const scaleBasis =
      note.sharesScale === 1 && note.scale !== 1 ? excepted(note, own) : (c.noteBasis ?? own);
    return inFull(c, { unit: 'shares', scale: note.sharesScale, unitBasis: own, scaleBasis });
  }
  return inFull(c, {
    unit: 'shares',
    scale: c.amountScale,
    unitBasis: own,
    scaleBasis: c.amountBasis,
  });
}

// No company has a trillion shares
const mostShares = 1e12;
const writtenInFull = basis('default', 'share count written in full');

/**
 * A share count that would pass a trillion shares at the note's scale is written in full
 * ("Weighted-average shares 931,478,843" in a table "in millions"), as label numbers are read.
 */
function inFull(c: CellScale, r: ResolvedUnit): ResolvedUnit {
  const n = Math.abs(c.parsed.value ?? 0);
  return r.scale > 1 && c.parsed.wordScale === 1 && n * r.scale >= mostShares
    ? { ...r, scale: 1, scaleBasis: writtenInFull }
    : r;
}

/** `list` has `text` before its last entry (a section above the row, not the row itself). */
function isSection(list: readonly string[], text: string): boolean {
  const at = list.indexOf(text);
  return at >= 0 && at < list.length - 1;
}

/**
 * A header naming a unit that is not the cell's after all: a row mentioning shares in a dollar
 * table, an "Amount" column over a per-share row, a per-share heading over the computation's
 * inputs. True: read the next header instead.
 */
function headerDoesNotApply(
  c: CellScale,
  text: string,
  hint: UnitHint,
  source: 'column-header' | 'row-label',
  inColumn: boolean,
  rowPath: readonly string[],
  colPath: readonly string[],
  ctx: UnitContext,
): boolean {
  const { parsed, note } = c;
  if (hint === 'shares' && ctx.sharesColumn === true && !inColumn) return true;
  // "(Dollars in millions)": the table's numbers are dollars; a row mentioning shares ("Subsidiary
  // shares purchased from noncontrolling interests") names the event, unless it is a count by
  // its own words ("Weighted average shares outstanding")
  if (
    hint === 'shares' &&
    !inColumn &&
    note?.currency === true &&
    note.sharesScale === null &&
    note.sharesOnly !== true &&
    !shareCount.test(headOf(text))
  ) {
    return true;
  }
  if (
    hint === 'shares' &&
    denominator.test(text) &&
    (rowPath.some((h) => returnCalculation.test(h)) ||
      colPath.some((h) => returnCalculation.test(h)))
  ) {
    return true;
  }
  // A column headed "Amount" says the row's figures are money; the row says which: "Net earnings
  // per share (Diluted)" is per share, "Average shares outstanding" counts shares (unless a
  // column beside it holds the shares, as in an equity statement's "Shares | Amount"); a row
  // only mentioning shares ("Impact of subsidiary shares purchased") is an amount
  if (hint === 'amount' && source === 'column-header' && amount.test(text.trim())) {
    const row = rowPath.at(-1);
    const rowHint = row === undefined ? null : unitHint(row);
    const counted = rowHint === 'shares' && shareCount.test(headOf(row ?? ''));
    if (rowHint === 'perShare' || (counted && ctx.sharesColumn !== true)) {
      return true;
    }
  }
  // "Basic earnings per share: / Net income 3,125,413": a whole number under a per-share
  // heading is the computation's input, not the per-share figure (written with cents). So is
  // one under a per-share group of columns ("Basic Earnings Per Share" over "Income Allocation
  // | Weighted-Average Shares | Earnings per Share": "$ 15,488" is the income allocated)
  return (
    hint === 'perShare' &&
    (inColumn ? isSection(colPath, text) : isSection(rowPath, text)) &&
    ctx.shown !== undefined &&
    !writtenWithCents.test(ctx.shown) &&
    parsed.value !== 0
  );
}

/** The unit and scale a header's unit word gives the cell, or null to read the next header. */
function unitOfHint(
  c: CellScale,
  text: string,
  hint: UnitHint,
  source: 'column-header' | 'row-label',
  inColumn: boolean,
): ResolvedUnit | null {
  const { parsed, note } = c;
  const own = basis(source, text);
  if (hint === 'ratio') {
    return parsed.currency || parsed.percent
      ? null
      : { unit: null, scale: 1, unitBasis: own, scaleBasis: own };
  }
  if (hint === 'perShare') {
    return { unit: 'USD/share', scale: 1, unitBasis: own, scaleBasis: excepted(note, own) };
  }
  if (hint === 'basisPoints' || hint === 'multiple') {
    if (parsed.currency || parsed.percent) return null;
    return hint === 'basisPoints'
      ? { unit: 'bps', scale: 1e-4, unitBasis: own, scaleBasis: own }
      : { unit: 'x', scale: 1, unitBasis: own, scaleBasis: own };
  }
  if (hint === 'percent' && !parsed.currency) {
    return { unit: '%', scale: 0.01, unitBasis: own, scaleBasis: own };
  }
  if (hint === 'shares' && !parsed.currency) return sharesUnit(c, own);
  if (hint === 'amount') {
    // "(millions of shares)": a row of a share-count table ("Share repurchases, at cost")
    // counts the shares the event moved, unless its number shows "$"
    if (note?.sharesOnly === true && !inColumn && !parsed.currency) return null;
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
  const hint = unitHint(text);
  const inColumn = source === 'column-header' || colPath.includes(text);
  if (hint === null) {
    if (inColumn && countColumn.test(text) && !c.parsed.currency) {
      return sharesUnit(c, basis(source, text));
    }
    return null;
  }
  if (headerDoesNotApply(c, text, hint, source, inColumn, rowPath, colPath, ctx)) return null;
  return unitOfHint(c, text, hint, source, inColumn);
}

/** What the cell itself shows ("%", "x") or its column of percentages says; else null. */
function fromCellText(parsed: ParsedValue, ctx: UnitContext): ResolvedUnit | null {
  if (parsed.percent) {
    const b = basis('cell-text', '%');
    return { unit: '%', scale: 0.01, unitBasis: b, scaleBasis: b };
  }
  if (parsed.multiple) {
    const b = basis('cell-text', 'x');
    return { unit: 'x', scale: 1, unitBasis: b, scaleBasis: b };
  }
  if (parsed.basisPoints === true) {
    const b = basis('cell-text', 'bps');
    return { unit: 'bps', scale: 1e-4, unitBasis: b, scaleBasis: b };
  }
  if (ctx.percentColumn === true && !parsed.currency) {
    const b = basis('column-values', '%');
    return { unit: '%', scale: 0.01, unitBasis: b, scaleBasis: b };
  }
  return null;
}

/** The scale an amount of this cell takes (the cell's word, an exception, the note) and why. */
function cellScaleOf(
  parsed: ParsedValue,
  note: ScaleNote | null,
  noteBasis: Basis | null,
  rowPath: readonly string[],
  colPath: readonly string[],
  ctx: UnitContext,
): CellScale {
  // "(in thousands, except weighted average exercise price and remaining contractual term)":
  // a row or column the exception names is not scaled by the note
  const namedByException =
    note !== null &&
    note.scale !== 1 &&
    note.exceptItems !== undefined &&
    namedByHeaders(note.exceptItems, (words) => words, rowPath, colPath) !== undefined;
  return {
    parsed,
    note,
    noteBasis,
    amountScale:
      parsed.wordScale !== 1 ? parsed.wordScale : namedByException ? 1 : (note?.scale ?? 1),
    amountBasis:
      parsed.wordScale !== 1
        ? basis('cell-text', scaleWord.exec(ctx.shown ?? '')?.[0] ?? ctx.shown ?? '')
        : namedByException
          ? basis('table-exception', note?.except ?? '')
          : (noteBasis ?? noScaleStated),
    excepted: namedByException,
  };
}

/**
 * Headers from the most specific: the innermost column header, the row label, the outer
 * column headers, then the sections above the row. The first that names a unit, or null.
 */
function fromHeaders(
  c: CellScale,
  rowPath: readonly string[],
  colPath: readonly string[],
  ctx: UnitContext,
): ResolvedUnit | null {
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
  return null;
}

/** "(in millions except average rate data)": a row or column naming a rate is not scaled. */
function exceptedRate(
  note: ScaleNote,
  rowPath: readonly string[],
  colPath: readonly string[],
): ResolvedUnit | null {
  const named = [
    ...colPath.map((text) => ({ text, source: 'column-header' as const })),
    ...rowPath.map((text) => ({ text, source: 'row-label' as const })),
  ].find((t) => rateLabel.test(t.text.trim()));
  if (named === undefined) return null;
  const own = basis(named.source, named.text);
  const scaleBasis = excepted(note, own);
  return exchangeRate.test(named.text)
    ? { unit: null, scale: 1, unitBasis: own, scaleBasis }
    : { unit: '%', scale: 0.01, unitBasis: own, scaleBasis };
}

/** No header named a unit: the caption, the note and the table decide. */
function fromTable(
  c: CellScale,
  rowPath: readonly string[],
  colPath: readonly string[],
  ctx: UnitContext,
): ResolvedUnit {
  const { parsed, note, noteBasis } = c;
  if (ctx.percentTable && !parsed.currency) {
    const b = basis('caption', ctx.percentPhrase ?? 'percentages');
    return { unit: '%', scale: 0.01, unitBasis: b, scaleBasis: b };
  }
  if (note?.exceptRates === true && !parsed.currency) {
    const rate = exceptedRate(note, rowPath, colPath);
    if (rate !== null) return rate;
  }
  if ((note?.sharesOnly === true || note?.sharesSubject === true) && !parsed.currency) {
    const b = noteBasis ?? noScaleStated;
    return inFull(c, {
      unit: 'shares',
      scale: note.sharesScale ?? c.amountScale,
      unitBasis: b,
      scaleBasis: b,
    });
  }
  const { amountScale: scale, amountBasis: scaleBasis } = c;
  if (parsed.currency)
    return { unit: 'USD', scale, unitBasis: basis('cell-text', '$'), scaleBasis };
  // A row or column the note excepts is not one of the amounts it scales: a plain number
  if (c.excepted) return { unit: null, scale, unitBasis: scaleBasis, scaleBasis };
  // "Shares in thousands" over a table showing no "$" anywhere: its numbers are share counts
  if (note?.sharesNote === true && ctx.showsCurrency === false && !parsed.currency) {
    return sharesUnit(c, noteBasis ?? noScaleStated);
  }
  // "(Shares in millions)" over "Stock options 0.8": awards are counted in shares
  if (note?.sharesNote === true && !parsed.currency) {
    const row = rowPath.find((h) => equityAwards.test(headOf(h)));
    const col = row === undefined ? colPath.find((h) => equityAwards.test(headOf(h))) : undefined;
    if (row !== undefined) return sharesUnit(c, basis('row-label', row));
    if (col !== undefined) return sharesUnit(c, basis('column-header', col));
  }
  // "(millions of dollars)" written in the row label names the unit as well as the scale
  if (ctx.monetary || note?.currency === true) {
    // "in millions" tables hold amounts; so does a table showing "$" on some of its numbers
    const unitBasis = noteBasis ?? basis('default', '"$" shown in the table');
    return { unit: 'USD', scale, unitBasis, scaleBasis };
  }
  return { unit: null, scale, unitBasis: noUnitStated, scaleBasis };
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
  let note = ctx.note;
  // "(options in thousands, aggregate intrinsic value in millions)": a quantity the note scales
  // on its own, named by one of the cell's headers, takes its own scale
  if (note?.subjects !== undefined) {
    note = namedByHeaders(note.subjects, (s) => s.words, rowPath, colPath)?.note ?? note;
  }
  const noteBasis = note === null ? null : basis(ctx.noteSource ?? 'caption', note.phrase);
  const shown = fromCellText(parsed, ctx);
  if (shown !== null) return shown;
  const c = cellScaleOf(parsed, note, noteBasis, rowPath, colPath, ctx);
  return fromHeaders(c, rowPath, colPath, ctx) ?? fromTable(c, rowPath, colPath, ctx);
}
