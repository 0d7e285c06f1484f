import type { Cell, Table, TableRow, XbrlFactRef } from '../../../shared/document';
import type { ScaleNote } from '../table/scale-note';

const quoteCaption = (t: Table) => {
  const c = t.caption.replace(/\s+/g, ' ').trim();
  if (c === '') return '';
  return ` ("${c.length > 70 ? `${c.slice(0, 69).trimEnd()}…` : c}")`;
};

interface Tagged {
  /** The cell, or the row whose label holds the number. */
  at: { cell: Cell } | { row: TableRow };
  text: string;
  fact: XbrlFactRef;
}

const whereOf = (at: Tagged['at']): string =>
  'cell' in at
    ? [at.cell.rowPath.join(' > '), ...at.cell.colPath].filter((s) => s !== '').join(', ')
    : at.row.path.join(' > ');

/** The facts of a table counted, and the first that disagrees (the one a warning names). */
interface FactCount {
  tagged: number;
  disagree: number;
  unread: number;
  first: Tagged | null;
}

function countFacts(t: Table): FactCount {
  // Asked of every table: counts in one pass, without a list of the facts
  const n: FactCount = { tagged: 0, disagree: 0, unread: 0, first: null };
  const add = (fact: XbrlFactRef, at: Tagged['at'], text: string) => {
    n.tagged++;
    if (fact.agrees === null) n.unread++;
    if (fact.agrees !== false) return;
    n.disagree++;
    n.first ??= { at, text, fact };
  };
  for (const cell of t.cells) {
    if (cell.xbrl === undefined) continue;
    for (const fact of cell.xbrl) add(fact, { cell }, cell.text);
  }
  for (const row of t.rows) {
    for (const m of row.numbers ?? []) for (const fact of m.xbrl ?? []) add(fact, { row }, m.text);
  }
  return n;
}

/**
 * The inline XBRL cross-check, per table: a fact that disagrees with the number shown means
 * the visible text was read wrong (or the filer's tag is off); the cell takes the tag's value
 * (tags-first.ts) and the reader should look before trusting that table. Facts in a format we
 * cannot read are counted separately: unchecked is not wrong, and those cells keep the
 * visible reading.
 */
function xbrlWarning(t: Table): string | null {
  const { tagged, disagree, unread, first } = countFacts(t);
  if (disagree === 0 && unread === 0) return null;
  const parts: string[] = [];
  if (first !== null) {
    const where = whereOf(first.at);
    parts.push(
      `${disagree} of ${tagged} inline XBRL facts disagree with the value shown ` +
        `(first: ${where === '' ? 'a cell' : `"${where}"`} shows "${first.text}", tagged ${first.fact.concept}); ` +
        'the cells take the tagged values',
    );
  }
  if (unread > 0) {
    parts.push(
      `${unread} of ${tagged} inline XBRL facts could not be checked (a display format we do not read)`,
    );
  }
  return `Table ${t.id}${quoteCaption(t)}: ${parts.join('; ')}.`;
}

/**
 * What a reader of an SEC filing should know that the tables alone do not say: tables whose
 * scale we assumed, tables whose column headers were taken from the table they continue, XBRL
 * facts that disagree with the page, or no data tables at all.
 * `usual` is the filing's prevailing scale, which `finishTable` gave to the tables it assumed
 * it for (their scaleNote is its phrase).
 */
export function secHtmlWarnings(
  tables: readonly Table[],
  usual: ScaleNote | null,
  /** Per table id, a sentence saying where its column headers came from (continued tables). */
  headersFrom: ReadonlyMap<string, string> = new Map(),
): string[] {
  if (tables.length === 0) {
    return ['No data tables were found in this filing: it holds only text and layout tables.'];
  }
  const warnings: string[] = [];
  for (const t of tables) {
    if (usual !== null && t.scaleNote === usual.phrase) {
      const scale = /^in (\S+)/.exec(usual.phrase)?.[1] ?? `units of ${usual.scale}`;
      warnings.push(
        `Table ${t.id}${quoteCaption(t)} states no scale; its amounts were read in ${scale}, the scale most of the filing's tables state.`,
      );
    }
    const from = headersFrom.get(t.id);
    if (from !== undefined) warnings.push(from);
    const xbrl = xbrlWarning(t);
    if (xbrl !== null) warnings.push(xbrl);
  }
  return warnings;
}
