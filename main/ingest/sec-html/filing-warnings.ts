import type { Table, XbrlFactRef } from '../../../shared/model';
import type { ScaleNote } from '../table/scale-note';

const quoteCaption = (t: Table) => {
  const c = t.caption.replace(/\s+/g, ' ').trim();
  if (c === '') return '';
  return ` ("${c.length > 70 ? `${c.slice(0, 69).trimEnd()}…` : c}")`;
};

interface Tagged {
  /** Where the value is, as the warning names it; only the first disagreeing one is named. */
  where: () => string;
  text: string;
  fact: XbrlFactRef;
}

function taggedValues(t: Table): Tagged[] {
  const tagged: Tagged[] = [];
  for (const c of t.cells) {
    if (c.xbrl === undefined) continue;
    const where = () => [c.rowPath.join(' > '), ...c.colPath].filter((s) => s !== '').join(', ');
    for (const fact of c.xbrl) tagged.push({ where, text: c.text, fact });
  }
  for (const r of t.rows) {
    for (const n of r.numbers ?? []) {
      for (const fact of n.xbrl ?? [])
        tagged.push({ where: () => r.path.join(' > '), text: n.text, fact });
    }
  }
  return tagged;
}

/**
 * The inline XBRL cross-check, per table: a fact that disagrees with the number shown means
 * one of the two was read wrong (or the filer's tag is off), and the reader should look before
 * trusting that table. Facts in a format we cannot read are counted separately: unchecked is
 * not wrong.
 */
function xbrlWarning(t: Table): string | null {
  const tagged = taggedValues(t);
  const disagree = tagged.filter((v) => v.fact.agrees === false);
  const unread = tagged.filter((v) => v.fact.agrees === null).length;
  if (disagree.length === 0 && unread === 0) return null;
  const parts: string[] = [];
  if (disagree.length > 0) {
    const first = disagree[0]!;
    const where = first.where();
    parts.push(
      `${disagree.length} of ${tagged.length} inline XBRL facts disagree with the value shown ` +
        `(first: ${where === '' ? 'a cell' : `"${where}"`} shows "${first.text}", tagged ${first.fact.name})`,
    );
  }
  if (unread > 0) {
    parts.push(
      `${unread} of ${tagged.length} inline XBRL facts could not be checked (a display format we do not read)`,
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
