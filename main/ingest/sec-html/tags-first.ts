import type { Basis, Cell, Table, VisibleReading, XbrlFactRef } from '../../../shared/document';
import { unitPhrase } from '../../../shared/document/cell-sentence';

/**
 * Tags first: where an inline XBRL filing tags a cell (`ix:nonFraction`), the cell's value,
 * scale, sign and unit are the tag's; the visible-text reading stays beside them in
 * `cell.visible`, and when the two disagree (another quantity, another unit) the cell says so
 * in a warning that names both. Runs after the visible-text reader has read the table, so its
 * reading (and every header path built from it) is the same with or without tags.
 */

/** 10^n without binary noise: 10 ** -2 is 0.01 exactly as written. */
const powerOfTen = (n: number) => Number(`1e${n}`);

/** 10^0 … 10^22, each exact as a double. */
const powersOfTen = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/**
 * x ÷ 10^n without binary noise: 2150000 at n = 6 is 2.15, 0.121 at n = -2 is 12.1. A fact's
 * value is exact as a double when it is a whole number below 2^53 and 10^n (n ≤ 22) is exact
 * too, so one correctly rounded division gives the number the filing shows; otherwise the
 * decimal point is moved in text.
 */
function shift(x: number, n: number): number {
  if (x === 0 || n === 0) return x === 0 ? 0 : x;
  if (n > 0 && n <= 22 && Number.isSafeInteger(x)) return x / (powersOfTen[n] as number);
  const [mantissa, exponent] = x.toExponential().split('e') as [string, string];
  return Number(`${mantissa}e${Number(exponent) - n}`);
}

/** ISO 4217 codes: a currency unit ("USD", "EUR"). */
const currency = /^[A-Z]{3}$/;

/**
 * The cell unit (the model's vocabulary: "USD", "USD/share", "shares", "%", "x" or null for a
 * plain count) for a fact's unit. `pure` is a percentage when the fact is scaled by -2 (the
 * filing shows 21.0 for 0.21), otherwise a ratio or a count: "x" if the text says so, else
 * null. Other measures keep their names ("segment", "Customer", "bbl"). Currencies per
 * share ("USD/shares") are "USD/share"; other divisions keep their measures.
 */
export function cellUnitOfTag(fact: XbrlFactRef, visibleUnit: string | null): string | null {
  const unit = fact.unit;
  if (unit === null) return visibleUnit;
  if (unit === 'shares') return 'shares';
  if (unit === 'pure') return fact.scale === -2 ? '%' : visibleUnit === 'x' ? 'x' : null;
  if (currency.test(unit)) return unit;
  const slash = unit.indexOf('/');
  if (slash > 0) {
    const [num, den] = [unit.slice(0, slash), unit.slice(slash + 1)];
    return `${num}/${den === 'shares' ? 'share' : den}`;
  }
  return unit;
}

/** The units the visible-text reader names: only these can be misread. */
const readerUnits = new Set(['USD', 'USD/share', 'shares', '%']);

/** One frozen Basis per scale and per unit, shared by the cells (as the visible reader
 * shares its own): the tag's words, `scale="6"`, `unitRef="usdPerShare" (USD/shares)`. */
const scaleBases = new Map<number, Basis>();
const unitBases = new Map<string, Basis>();
function basis<K>(cache: Map<K, Basis>, key: K, phrase: () => string): Basis {
  let b = cache.get(key);
  if (b === undefined) {
    b = Object.freeze({ source: 'inline-xbrl' as const, phrase: phrase() });
    if (cache.size < 10_000) cache.set(key, b);
  }
  return b;
}

/** 62360 → "62,360"; -2.15 → "-2.15". */
function numberText(n: number): string {
  const [whole, fraction] = String(Math.abs(n)).split('.') as [string, string | undefined];
  const grouped = /e/.test(whole) ? whole : whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${n < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** "62,360 USD millions", "2.15 USD/share", "21.0 %". */
function quantityWords(value: number | null, unit: string | null, scale: number): string {
  const phrase = unitPhrase({ unit, scale }).replace(/^\(|\)$/g, '');
  const shown = value === null ? 'no number' : numberText(value);
  return phrase === '' ? shown : `${shown} ${phrase}`;
}

function visibleOf(cell: Cell): VisibleReading {
  // Keys in the schema's order, so the Document is checked in place (check-document.ts)
  const v = { kind: cell.kind, value: cell.value } as VisibleReading;
  if (cell.range !== undefined) v.range = cell.range;
  v.scale = cell.scale;
  v.unit = cell.unit;
  if (cell.scaleBasis !== undefined) v.scaleBasis = cell.scaleBasis;
  if (cell.unitBasis !== undefined) v.unitBasis = cell.unitBasis;
  return v;
}

/** How many numbers a cell shows: a range's two ends, and its central value when stated. */
function numbersShown(cell: Cell): number {
  if (cell.kind !== 'range') return 1;
  return cell.value === null ? 2 : 3;
}

/**
 * The visible reading has each used fact's magnitude (`agrees`, the cross-check) and the tag's
 * unit; the sign is not compared: parentheses are how a filing presents a figure (a cost shown
 * "(1,234)" is tagged as the positive cost), not a misreading.
 */
function agrees(used: readonly XbrlFactRef[], visibleUnit: string | null, unit: string | null) {
  return sameUnit(visibleUnit, unit) && used.every((f) => f.agrees === true);
}

/**
 * The visible reading's unit is the tag's, or the reader could not have named the tag's (a
 * count of "segment" the text calls a plain number, a ratio it calls "x"): it is wrong only
 * when one of the two is a unit the reader names (dollars, per share, shares, percent).
 */
function sameUnit(visibleUnit: string | null, unit: string | null): boolean {
  if (visibleUnit === unit) return true;
  const named = (u: string | null) =>
    u !== null && (readerUnits.has(u) || /^[A-Z]{3}(\/share)?$/.test(u));
  return !named(visibleUnit) && !named(unit);
}

/** The disagreement sentence: what the tag says, then what the visible text read. */
function disagreement(cell: Cell, fact: XbrlFactRef, visible: VisibleReading): string {
  const tagged =
    cell.range !== undefined
      ? `${numberText(cell.range[0])} to ${quantityWords(cell.range[1], cell.unit, cell.scale)}`
      : quantityWords(cell.value, cell.unit, cell.scale);
  const read =
    visible.range !== undefined
      ? `${numberText(visible.range[0])} to ${quantityWords(visible.range[1], visible.unit, visible.scale)}`
      : quantityWords(visible.value, visible.unit, visible.scale);
  return `the filing tags this as ${tagged} (${fact.concept}); the visible text read ${read}`;
}

/**
 * Gives one tagged cell its tag's value, scale, sign and unit. Facts in a format this reader
 * cannot read (or nil) leave the visible reading in place, with a warning.
 */
export function applyCellTags(cell: Cell): void {
  const facts = cell.xbrl;
  if (facts === undefined || facts.length === 0) return;
  const first = facts[0] as XbrlFactRef;
  const warnings: string[] = [];
  const wanted = numbersShown(cell);
  const used = facts.slice(0, wanted);
  if (used.length < wanted || used.some((f) => f.factValue === null)) {
    const unread = used.find((f) => f.factValue === null) ?? first;
    warnings.push(
      used.length < wanted
        ? `the range shows ${wanted} numbers but ${used.length} tagged fact (${first.concept}): the visible reading is kept`
        : `tagged ${unread.concept} in a form this reader cannot read: the visible reading is kept`,
    );
    cell.warnings = [...(cell.warnings ?? []), ...warnings];
    return;
  }
  const visible = visibleOf(cell);
  cell.visible = visible;
  const scale = powerOfTen(first.scale);
  const unit = cellUnitOfTag(first, visible.unit);
  const valueOf = (f: XbrlFactRef) => shift(f.factValue as number, first.scale);
  if (cell.kind === 'range') {
    cell.range = [valueOf(used[0] as XbrlFactRef), valueOf(used[1] as XbrlFactRef)];
    if (used[2] !== undefined) cell.value = valueOf(used[2]);
  } else {
    cell.value = valueOf(first);
    if (cell.kind !== 'number' && cell.kind !== 'dash') cell.kind = 'number';
  }
  cell.scale = scale;
  cell.unit = unit;
  cell.scaleBasis = basis(scaleBases, first.scale, () => `scale="${first.scale}"`);
  const unitRef = first.unitRef ?? '';
  cell.unitBasis = basis(unitBases, `${unitRef}\u0000${first.unit ?? ''}`, () =>
    first.unit === null ? `unitRef="${unitRef}"` : `unitRef="${unitRef}" (${first.unit})`,
  );
  if (!agrees(used, visible.unit, unit)) warnings.push(disagreement(cell, first, visible));
  if (facts.length > wanted) {
    const others = facts.slice(wanted).map((f) => f.concept);
    warnings.push(
      `the cell holds ${facts.length} tagged facts; its value is from ${used.map((f) => f.concept).join(', ')}, not ${others.join(', ')}`,
    );
  }
  if (warnings.length > 0) cell.warnings = [...(cell.warnings ?? []), ...warnings];
}

/** Tags first for every cell of a table (see above). */
export function applyTags(table: Table): void {
  for (const cell of table.cells) if (cell.xbrl !== undefined) applyCellTags(cell);
}

/**
 * Whether a tagged cell's visible reading agrees with its tag in quantity and unit (when not,
 * its warnings name both); null for an untagged cell or a tag left unread.
 */
export function readingAgrees(cell: Cell): boolean | null {
  if (cell.visible === undefined) return null;
  return agrees((cell.xbrl ?? []).slice(0, numbersShown(cell)), cell.visible.unit, cell.unit);
}
