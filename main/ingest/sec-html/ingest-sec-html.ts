import type { Block, Document, Table, XbrlCrossCheck, XbrlFactRef } from '../../../shared/document';
// Not from shared/document's index, which loads zod: the reader's output is checked where it is
// written (main/document/check-document.ts), and a CLI ingest loads no schema library.
import { documentSchemaVersion } from '../../../shared/document/schema-version';
import { WorkbenchError } from '../../../shared/api/result';
import type { RawDocument } from '../table/raw-types';
import { BlockIds } from './block-ids';
import { analyseTable, asLayout, finishTable, type TableAnalysis } from './build-table';
import {
  continuationWarning,
  continuedBand,
  isFooterTable,
  tableRightBefore,
} from './continued-table';
import { secHtmlWarnings } from './filing-warnings';
import { prevailingScale } from './prevailing-scale';
import { TooComplex, walkHtml } from './html-walker';
import { applyTags } from './tags-first';
import { headingLevel, isPageFurniture, SurroundingsCache } from './text-blocks';

export interface SecHtmlSource {
  name: string;
  /** Size of the original file in bytes (the HTML string may be shorter after decoding). */
  bytes: number;
}

export interface SecHtmlOptions {
  /** Share of the work done (0..1); called often on big filings, rarely on small ones. */
  onProgress?: (share: number) => void;
}

// Shares of the work by phase, measured on NVIDIA's 10-K repeated to 300 MB (18.5, 2.7 and
// 2.7 s): tokenizing, table structure, then cells and blocks.
const tokenizeShare = 0.78;
const analyseShare = 0.11;

function xbrlSummary(tables: Table[]): XbrlCrossCheck {
  let factsInTables = 0;
  let agreeing = 0;
  const count = (facts: readonly XbrlFactRef[] | undefined) => {
    for (const f of facts ?? []) {
      factsInTables++;
      if (f.agrees === true) agreeing++;
    }
  };
  for (const t of tables) {
    for (const c of t.cells) count(c.xbrl);
    for (const r of t.rows) for (const n of r.numbers ?? []) count(n.xbrl);
  }
  return { factsInTables, agreeing };
}

type Report = (from: number, share: number, i: number, n: number) => void;

/** The filing's HTML walked into raw items; a filing too deeply nested is refused clearly. */
function walkFiling(
  html: string,
  source: SecHtmlSource,
  onProgress: SecHtmlOptions['onProgress'],
): RawDocument {
  try {
    return walkHtml(html, onProgress && ((s) => onProgress(tokenizeShare * s)));
  } catch (e) {
    if (!(e instanceof TooComplex)) throw e;
    throw new WorkbenchError('unsupported', `${source.name}: too complex to read (${e.message})`);
  }
}

/** The structure of every visible table, by item index (cells come later). */
function analyseTables(raw: RawDocument, report: Report): Map<number, TableAnalysis> {
  const analysed = new Map<number, TableAnalysis>();
  const around = new SurroundingsCache(raw.items);
  raw.items.forEach((item, index) => {
    report(tokenizeShare, analyseShare, index, raw.items.length);
    if (item.type === 'table' && !item.hidden)
      analysed.set(index, analyseTable(item, around.of(index)));
  });
  return analysed;
}

/**
 * Joins each data table continuing the one right before it (a page break's repeated table)
 * to it: its header band, and its scale note when it states none. A table that is data only
 * if it continues one becomes layout. Returns the continuation warnings by table id and the
 * tables whose note was inherited.
 */
function joinContinuedTables(
  raw: RawDocument,
  analysed: Map<number, TableAnalysis>,
): { continued: Map<string, string>; inherited: Set<TableAnalysis> } {
  const continued = new Map<string, string>();
  const inherited = new Set<TableAnalysis>(); // notes taken from the table continued
  for (const [index, a] of analysed) {
    const before = tableRightBefore(raw.items, index, (i) => {
      const item = raw.items[i];
      return analysed.get(i)?.data === false && item?.type === 'table' && isFooterTable(item);
    });
    if (!a.data) continue;
    const previous = before === null ? undefined : analysed.get(before);
    const band = previous?.data === true ? continuedBand(previous, a) : null;
    if (previous?.data !== true || band === null) {
      if (a.unlessContinued) analysed.set(index, asLayout(a));
      continue;
    }
    // The rest of a table is in the scale its first part states, unless it states its own
    if (a.note === null && previous.note !== null) {
      a.note = previous.note;
      a.noteSource = previous.noteSource;
      inherited.add(a);
    }
    for (const { r } of a.body) a.headers.bandOf.set(r, band);
    a.continues = { id: `t${previous.raw.sourceIndex}`, band };
    continued.set(
      `t${a.raw.sourceIndex}`,
      continuationWarning(`t${a.raw.sourceIndex}`, a.continues.id),
    );
  }
  return { continued, inherited };
}

/** The document's blocks in filing order, and its data tables with their cells. */
function blocksAndTables(
  raw: RawDocument,
  analysed: Map<number, TableAnalysis>,
  usual: ReturnType<typeof prevailingScale>,
  report: Report,
): { blocks: Block[]; tables: Table[] } {
  const ids = new BlockIds();
  const blocks: Block[] = [];
  const tables: Table[] = [];
  raw.items.forEach((item, index) => {
    report(tokenizeShare + analyseShare, 1 - tokenizeShare - analyseShare, index, raw.items.length);
    if (item.type === 'text') {
      if (isPageFurniture(item.text)) return;
      const location = { kind: 'html' as const, path: item.path };
      const level = headingLevel(item);
      blocks.push(
        level === null
          ? { type: 'paragraph', id: ids.next('p', item.path), text: item.text, location }
          : { type: 'heading', id: ids.next('h', item.path), level, text: item.text, location },
      );
      return;
    }
    const analysis = analysed.get(index);
    if (analysis === undefined) return; // hidden
    if (analysis.data) {
      const table = finishTable(analysis, usual);
      applyTags(table);
      tables.push(table);
      blocks.push({ type: 'table', id: table.id, location: table.location });
      return;
    }
    // A layout table is text arranged in boxes: keep its lines as paragraphs.
    for (const line of analysis.lines) {
      blocks.push({
        type: 'paragraph',
        id: ids.next('p', item.path),
        text: line,
        location: { kind: 'html', path: item.path },
      });
    }
  });
  return { blocks, tables };
}

/**
 * Reads an SEC filing (10-K, 10-Q; inline XBRL or plain HTML) into the Document model. The HTML
 * is only parsed: nothing is rendered, fetched or executed. Values are read from the visible
 * text; where the filing tags a cell with an inline XBRL fact, the tag's value, scale, sign and
 * unit win and the visible reading stays beside them (`tags-first.ts`).
 */
export function ingestSecHtml(
  html: string,
  source: SecHtmlSource,
  { onProgress }: SecHtmlOptions = {},
): Document {
  const report: Report = (from, share, i, n) => {
    if (onProgress && (i & 255) === 0) onProgress(from + (share * i) / Math.max(n, 1));
  };
  const raw = walkFiling(html, source, onProgress);
  // Structure first for every table; then cells, once the filing's usual scale is known (for
  // dollar tables that state none).
  const analysed = analyseTables(raw, report);
  const { continued, inherited } = joinContinuedTables(raw, analysed);
  // Each table's own statement counts once towards the filing's usual scale
  const notes = [...analysed.values()].flatMap((a) =>
    a.data && a.note && !inherited.has(a) ? [a.note] : [],
  );
  const usual = prevailingScale(notes);
  const { blocks, tables } = blocksAndTables(raw, analysed, usual, report);
  const warnings = secHtmlWarnings(tables, usual, continued);
  // Keys in the schema's order, so the Document is checked in place (check-document.ts)
  return {
    schemaVersion: documentSchemaVersion,
    source: { name: source.name, kind: 'sec-html', bytes: source.bytes },
    title: raw.title,
    blocks,
    tables,
    ...(raw.ixFactCount > 0 ? { xbrl: xbrlSummary(tables) } : {}),
    warnings,
  };
}
