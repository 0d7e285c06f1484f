/** The few inline-CSS facts the ingester needs; filings never get rendered, so this is all. */
export interface InlineStyle {
  hidden: boolean;
  /** Explicit font weight: true bold, false normal, null not set here (inherit). */
  bold: boolean | null;
  /** Left indentation in pt: padding-left + margin-left + text-indent. */
  indentPt: number;
  /**
   * Set above the line, as a superscript is: "vertical-align:super", or Workiva's
   * "position:relative;top:-3.5pt" on a small "(1)" after a label or an amount.
   */
  raised?: boolean;
}

const noStyle: InlineStyle = { hidden: false, bold: null, indentPt: 0 };

/**
 * CSS length to points. Only the ordering of indents within one table matters, so relative
 * units use a nominal 10pt font and percentages a nominal 500pt line.
 */
export function lengthToPt(value: string): number {
  const m = /^(-?\d*\.?\d+)\s*([a-z%]*)$/i.exec(value.trim());
  if (!m) return 0;
  const n = Number(m[1]);
  switch ((m[2] ?? '').toLowerCase()) {
    case 'pt':
      return n;
    case 'px':
      return n * 0.75;
    case 'em':
    case 'rem':
      return n * 10;
    case 'in':
      return n * 72;
    case 'cm':
      return n * 28.35;
    case 'mm':
      return n * 2.835;
    case '%':
      return n * 5;
    default:
      return n === 0 ? 0 : n * 0.75; // unitless legacy values are pixels
  }
}

/** The left member of a padding/margin shorthand (CSS: 1, 2, 3 or 4 values). */
function shorthandLeft(value: string): string {
  const parts = value.trim().split(/\s+/);
  if (parts.length === 4) return parts[3] ?? '0';
  if (parts.length >= 2) return parts[1] ?? '0';
  return parts[0] ?? '0';
}

function weightIsBold(value: string): boolean | null {
  const v = value
    .trim()
    .toLowerCase()
    .replace(/\s*!important$/, '');
  if (v === 'bold' || v === 'bolder') return true;
  if (v === 'normal' || v === 'lighter') return false;
  const n = Number(v);
  return Number.isFinite(n) ? n >= 600 : null;
}

const superPattern = /vertical-align\s*:\s*super/i;
const raisedTop = /(?:^|;)\s*top\s*:\s*-\s*\d/i;
const relativePosition = /position\s*:\s*relative/i;

function isRaised(style: string): boolean {
  if (style.includes('super') && superPattern.test(style)) return true;
  return style.includes('top') && raisedTop.test(style) && relativePosition.test(style);
}

const hiddenPattern = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;
const weightPattern = /font-weight\s*:\s*([^;]+)/i;
const indentProps = /(padding|margin)(-left)?\s*:\s*([^;]+)|text-indent\s*:\s*([^;]+)/gi;

/**
 * Reads a `style` attribute. `withIndent` is false outside table cells, where indentation is
 * not used. Filings repeat a few hundred distinct style strings over 100k elements, so results
 * are memoised (bounded, so a hostile file cannot grow the cache without limit).
 */
export function readInlineStyle(style: string, withIndent: boolean): InlineStyle {
  const cache = withIndent ? indentCache : plainCache;
  let found = cache.get(style);
  if (found === undefined) {
    if (cache.size >= maxCached) cache.clear();
    found = parseStyle(style, withIndent);
    cache.set(style, found);
  }
  return found;
}

const maxCached = 4096;
const plainCache = new Map<string, InlineStyle>();
const indentCache = new Map<string, InlineStyle>();

/** Targeted regexes instead of a full declaration parse: most styles are fonts and colours. */
function parseStyle(style: string, withIndent: boolean): InlineStyle {
  // `includes` pre-checks: a regex per element and property adds up over 100k elements.
  const hidden =
    (style.includes('none') || style.includes('idden') || style.includes('NONE')) &&
    hiddenPattern.test(style);
  const weight =
    style.includes('eight') || style.includes('EIGHT') ? weightPattern.exec(style) : null;
  const bold = weight ? weightIsBold(weight[1] ?? '') : null;
  if (!withIndent) {
    const raised = isRaised(style);
    if (raised) return { hidden, bold, indentPt: 0, raised };
    return hidden || bold !== null ? { hidden, bold, indentPt: 0 } : noStyle;
  }
  // Later declarations win, as in CSS: "padding:2px 1pt;padding-left:9pt" is 9pt.
  let paddingLeft = 0;
  let marginLeft = 0;
  let textIndent = 0;
  for (const m of style.matchAll(indentProps)) {
    if (m[4] !== undefined) {
      textIndent = lengthToPt(m[4]);
      continue;
    }
    const value = m[2] === undefined ? shorthandLeft(m[3] ?? '') : (m[3] ?? '');
    if ((m[1] ?? '').toLowerCase() === 'padding') paddingLeft = lengthToPt(value);
    else marginLeft = lengthToPt(value);
  }
  return { hidden, bold, indentPt: paddingLeft + marginLeft + textIndent };
}
