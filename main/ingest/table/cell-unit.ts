import { memoByString } from './memo';
import type { ParsedValue } from './cell-value';
import { findScaleNote, type ScaleNote } from './scale-note';

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
  /** The table shows "$" somewhere or states a scale ("in millions" tables are amounts). */
  monetary: boolean;
  /** The caption says the numbers are percentages ("as a percentage of revenue"). */
  percentTable: boolean;
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

/**
 * Unit and scale of one cell. Order matters: what the cell shows ("%") wins; then the most
 * specific header (innermost column, innermost row label, then outer headers); then the
 * table's note. Per-share amounts are never scaled ("in millions, except per share data" is
 * how every filer means it), percentages are 0.01, share counts use the note's share scale.
 */
export function resolveUnit(
  parsed: ParsedValue,
  rowPath: readonly string[],
  colPath: readonly string[],
  ctx: UnitContext,
): { unit: string | null; scale: number } {
  const amountScale = parsed.wordScale !== 1 ? parsed.wordScale : (ctx.note?.scale ?? 1);
  if (parsed.percent) return { unit: '%', scale: 0.01 };
  if (parsed.multiple) return { unit: 'x', scale: 1 };
  if (ctx.percentColumn === true && !parsed.currency) return { unit: '%', scale: 0.01 };
  const fromColumn = [colPath.at(-1), ...colPath.slice(0, -1).reverse()];
  const texts = [
    fromColumn[0],
    rowPath.at(-1),
    ...fromColumn.slice(1),
    ...rowPath.slice(0, -1).reverse(),
  ];
  const sections = rowPath.slice(0, -1);
  for (const text of texts) {
    const hint = text === undefined ? null : unitHint(text);
    if (hint === null) {
      if (text !== undefined && fromColumn.includes(text) && countColumn.test(text)) {
        if (!parsed.currency)
          return { unit: 'shares', scale: ctx.note?.sharesScale ?? amountScale };
      }
      continue;
    }
    if (hint === 'shares' && ctx.sharesColumn === true && !fromColumn.includes(text)) continue;
    // "Basic earnings per share: / Net income 3,125,413": a whole number under a per-share
    // heading is the computation's input, not the per-share figure (written with cents)
    if (
      hint === 'perShare' &&
      text !== undefined &&
      sections.includes(text) &&
      !fromColumn.includes(text) &&
      ctx.shown !== undefined &&
      !/\.\d/.test(ctx.shown) &&
      parsed.value !== 0
    ) {
      continue;
    }
    if (hint === 'perShare') return { unit: 'USD/share', scale: 1 };
    if (hint === 'percent' && !parsed.currency) return { unit: '%', scale: 0.01 };
    if (hint === 'shares' && !parsed.currency) {
      return { unit: 'shares', scale: ctx.note?.sharesScale ?? amountScale };
    }
    if (hint === 'amount') return { unit: 'USD', scale: amountScale };
    if (hint === 'count') {
      if (parsed.currency) return { unit: 'USD', scale: amountScale };
      // "Employees (in thousands)" states its own scale
      return { unit: null, scale: (text === undefined ? null : findScaleNote(text))?.scale ?? 1 };
    }
    if (!parsed.currency && hint !== 'shares' && hint !== 'percent')
      return { unit: hint, scale: 1 };
  }
  if (ctx.percentTable && !parsed.currency) return { unit: '%', scale: 0.01 };
  // "(in millions except average rate data)": the rows or columns naming a rate are not scaled
  if (ctx.note?.exceptRates === true && !parsed.currency) {
    const named = [...colPath, ...rowPath].find((t) => rateLabel.test(t.trim()));
    if (named !== undefined) {
      return exchangeRate.test(named) ? { unit: null, scale: 1 } : { unit: '%', scale: 0.01 };
    }
  }
  if (ctx.note?.sharesOnly === true && !parsed.currency) {
    return { unit: 'shares', scale: ctx.note.sharesScale ?? amountScale };
  }
  const monetary = parsed.currency || ctx.monetary;
  return { unit: monetary ? 'USD' : null, scale: amountScale };
}
