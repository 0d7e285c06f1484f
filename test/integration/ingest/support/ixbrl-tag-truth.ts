import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';

/**
 * What each inline XBRL fact in a table cell says, read by a walk written apart from the
 * reader (main/ingest/sec-html): the cell it sits in (table order, `<tr>` index, grid column
 * after colspan/rowspan), its concept, context (period, dimensions), unit (measures),
 * decimals, scale, sign and value, per the inline XBRL 1.1 specification and the ixt
 * transformation registry. Used to check that every tagged cell carries its tag.
 */
export interface TagTruth {
  tableIndex: number;
  row: number;
  col: number;
  /** Order of the fact among the facts of its cell, by where each opens. */
  nth: number;
  concept: string;
  contextRef: string;
  period: { instant: string } | { start: string; end: string } | { forever: true } | null;
  dimensions: Record<string, string>;
  unitRef: string | null;
  /** "USD", "shares", "pure", "USD/shares": measures without prefixes. */
  unit: string | null;
  decimals: number | 'INF' | null;
  scale: number;
  negated: boolean;
  nil: boolean;
  format: string | null;
  shown: string;
  /** The fact's value; null when nil or in a format this walk does not read. */
  value: number | null;
}

const units: Record<string, number> = {
  zero: 0, no: 0, none: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7,
  eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14,
  fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
}; // prettier-ignore
const tens: Record<string, number> = {
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
}; // prettier-ignore

/** Words up to ninety-nine ("twenty-five"); enough for the filings' num-word facts. */
function wordsValue(text: string): number | null {
  const parts = text
    .toLowerCase()
    .trim()
    .split(/[\s-]+/);
  if (parts.length === 1) return units[parts[0] ?? ''] ?? tens[parts[0] ?? ''] ?? null;
  if (parts.length === 2) {
    const t = tens[parts[0] ?? ''];
    const u = units[parts[1] ?? ''];
    return t !== undefined && u !== undefined && u > 0 && u < 10 ? t + u : null;
  }
  return null;
}

/** The decimal the fact shows, per its format (ixt v4 names and ixt-sec's), unsigned. */
function shownDecimal(shown: string, format: string | null): string | null {
  const f = (format ?? '').split(':').pop()?.toLowerCase() ?? '';
  const t = shown.replace(/[\s\u00a0]/g, '');
  if (f === 'fixed-zero' || f === 'zerodash') return '0';
  if (f === 'num-word-en' || f === 'numwordsen') {
    const n = wordsValue(shown);
    return n === null ? null : String(n);
  }
  if (f === '' || f === 'num-dot-decimal' || f === 'numdotdecimal') {
    const d = t.replace(/,/g, '');
    return /^\d+(\.\d*)?$|^\.\d+$/.test(d) ? d : null;
  }
  if (f === 'num-comma-decimal' || f === 'numcommadecimal') {
    const d = t.replace(/\./g, '').replace(',', '.');
    return /^\d+(\.\d*)?$/.test(d) ? d : null;
  }
  return null;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

function spanOf(value: string | undefined): number {
  const n = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 1000) : 1;
}

interface Grid {
  index: number;
  row: number;
  nextCol: number;
  coveredUntil: number[];
  cell: { row: number; col: number; facts: number } | null;
}

interface Pending {
  attrs: Record<string, string>;
  where: { tableIndex: number; row: number; col: number; nth: number };
  shown: string;
  depth: number;
}

/** Every `ix:nonFraction` in a visible table cell, with its context and unit resolved. */
export function readTagTruth(html: string): TagTruth[] {
  const contexts = new Map<string, { period: TagTruth['period']; dims: Record<string, string> }>();
  const unitsById = new Map<string, string>();
  const pending: Pending[] = [];
  const done: Pending[] = [];
  const stack: Grid[] = [];
  const open: string[] = [];
  let hiddenDepth = 0; // inside ix:header or a display:none element
  let tables = 0;
  // the context or unit being read
  let ctx: { id: string; period: Record<string, string>; dims: Record<string, string> } | null =
    null;
  let unit: { id: string; num: string[]; den: string[]; inDen: boolean } | null = null;
  let member: { axis: string; text: string; depth: number } | null = null;
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        open.push(name);
        const depth = open.length;
        const hides =
          name === 'ix:header' || /display\s*:\s*none/i.test(attrs.style ?? '') || hiddenDepth > 0;
        if (hides && hiddenDepth === 0) hiddenDepth = depth;
        const l = local(name);
        text = '';
        if (member === null) {
          if (l === 'context') ctx = { id: attrs.id ?? '', period: {}, dims: {} };
          else if (l === 'unit' && name !== 'unit')
            unit = { id: attrs.id ?? '', num: [], den: [], inDen: false };
          else if (l === 'unitdenominator' && unit) unit.inDen = true;
          else if ((l === 'explicitmember' || l === 'typedmember') && ctx)
            member = { axis: attrs.dimension ?? '', text: '', depth };
        }
        const t = stack.at(-1);
        if (name === 'table') {
          stack.push({ index: tables++, row: -1, nextCol: 0, coveredUntil: [], cell: null });
        } else if (t && name === 'tr') {
          t.row++;
          t.nextCol = 0;
        } else if (t && (name === 'td' || name === 'th')) {
          if (t.row < 0) t.row = 0;
          while ((t.coveredUntil[t.nextCol] ?? -1) >= t.row) t.nextCol++;
          const colspan = spanOf(attrs.colspan);
          const rowspan = spanOf(attrs.rowspan);
          for (let c = t.nextCol; c < t.nextCol + colspan && rowspan > 1; c++)
            t.coveredUntil[c] = t.row + rowspan - 1;
          t.cell = { row: t.row, col: t.nextCol, facts: 0 };
          t.nextCol += colspan;
        } else if (name === 'ix:nonfraction' && hiddenDepth === 0 && t?.cell) {
          pending.push({
            attrs,
            where: { tableIndex: t.index, row: t.cell.row, col: t.cell.col, nth: t.cell.facts++ },
            shown: '',
            depth,
          });
        }
      },
      ontext(data) {
        text += data;
        if (member) member.text += data;
        if (hiddenDepth === 0) for (const p of pending) p.shown += data;
      },
      onclosetag(name) {
        const depth = open.length;
        open.pop();
        const l = local(name);
        if (member !== null && depth === member.depth) {
          if (ctx) ctx.dims[member.axis] = member.text.replace(/\s+/g, ' ').trim();
          member = null;
        } else if (member === null) {
          if ((l === 'instant' || l === 'startdate' || l === 'enddate') && ctx)
            ctx.period[l] = text.trim();
          else if (l === 'forever' && ctx) ctx.period.forever = 'true';
          else if (l === 'context' && ctx) {
            const p = ctx.period;
            contexts.set(ctx.id, {
              period:
                p.instant !== undefined
                  ? { instant: p.instant }
                  : p.startdate !== undefined && p.enddate !== undefined
                    ? { start: p.startdate, end: p.enddate }
                    : p.forever !== undefined
                      ? { forever: true }
                      : null,
              dims: ctx.dims,
            });
            ctx = null;
          } else if (l === 'measure' && unit)
            (unit.inDen ? unit.den : unit.num).push(local(text.trim()));
          else if (l === 'unitdenominator' && unit) unit.inDen = false;
          else if (l === 'unit' && unit && name !== 'unit') {
            const num = unit.num.join('*');
            unitsById.set(unit.id, unit.den.length > 0 ? `${num}/${unit.den.join('*')}` : num);
            unit = null;
          }
        }
        if (name === 'ix:nonfraction') {
          const i = pending.findIndex((p) => p.depth === depth);
          if (i >= 0) done.push(...pending.splice(i, 1));
        }
        const t = stack.at(-1);
        if (name === 'table') stack.pop();
        else if (t && (name === 'td' || name === 'th')) t.cell = null;
        if (hiddenDepth === depth) hiddenDepth = 0;
      },
    },
    { decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.end(html);
  return done.map((p) => {
    const a = p.attrs;
    const scale = Number.parseInt(a.scale ?? '0', 10) || 0;
    const nil = a['xsi:nil'] === 'true';
    const digits = nil ? null : shownDecimal(p.shown, a.format ?? null);
    const negated = a.sign === '-';
    const context = contexts.get(a.contextref ?? '');
    const dec = a.decimals?.trim();
    const value = digits === null ? null : Number(`${negated ? '-' : ''}${digits}e${scale}`);
    return {
      ...p.where,
      concept: a.name ?? '',
      contextRef: a.contextref ?? '',
      period: context?.period ?? null,
      dimensions: context?.dims ?? {},
      unitRef: a.unitref ?? null,
      unit: a.unitref === undefined ? null : (unitsById.get(a.unitref) ?? null),
      decimals: dec === undefined ? null : dec === 'INF' ? 'INF' : Number(dec),
      scale,
      negated,
      nil,
      format: a.format ?? null,
      shown: p.shown,
      value: value === 0 ? 0 : value,
    };
  });
}

/**
 * The cell unit a fact's unit stands for, as docs/document-json.md states it: a currency
 * (USD, EUR) as is; a currency per share "USD/share"; shares; pure at scale -2 a percentage,
 * other pure numbers a ratio ("x" or none); other measures by name (segment, bbl).
 */
export function expectedCellUnits(fact: TagTruth): (string | null)[] {
  const u = fact.unit;
  if (u === null) return [];
  if (u === 'shares') return ['shares'];
  if (u === 'pure') return fact.scale === -2 ? ['%'] : [null, 'x'];
  if (/^[A-Z]{3}$/.test(u)) return [u];
  const m = /^([A-Z]{3})\/shares$/.exec(u);
  if (m) return [`${m[1]}/share`];
  return [u];
}

/** Inline XBRL primary documents in a folder (flat, or one folder per filing), by path. */
export function ixbrlFilingsIn(dir: string): { label: string; path: string }[] {
  if (!existsSync(dir)) return [];
  const found: { label: string; path: string }[] = [];
  const consider = (path: string, label: string) => {
    if (!/\.x?html?$/i.test(path)) return;
    if (/<ix:header|<ix:nonfraction/i.test(readFileSync(path, 'utf8').slice(0, 200_000)))
      found.push({ label, path });
  };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile()) consider(join(dir, entry.name), entry.name);
    else if (entry.isDirectory())
      for (const f of readdirSync(join(dir, entry.name)))
        consider(join(dir, entry.name, f), `${entry.name}/${f}`);
  }
  return found.sort((a, b) => a.path.localeCompare(b.path));
}
