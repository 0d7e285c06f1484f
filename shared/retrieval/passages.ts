import { unitPhrase, cellSentence } from '../document/cell-sentence';
import type { Block, Cell, Document, Table, TableRow } from '../document';
import type { HitKind } from './hit';
import { normaliseForIndex } from './terms';
import { compact } from '../util/compact';

/**
 * What the index holds for one retrievable unit: where it is (the fields a hit carries), the
 * text a hit shows, and the three FTS5 columns bm25() weighs separately. Pure, so the benches
 * and the in-memory index build exactly what the workspace index builds.
 */
export interface Passage {
  kind: HitKind;
  blockId: string;
  tableSourceIndex?: number;
  sourceRow?: number;
  sourceCol?: number;
  page?: number;
  paragraphIndex?: number;
  /** What the hit shows: the cell sentence, the row line, the table summary, the paragraph. */
  text: string;
  /** FTS column `text`: `text` as the tokenizer should see it (see normaliseForIndex). */
  body: string;
  /** FTS column `headers`: row and column header paths (cells, rows, tables); a paragraph's heading. */
  headers: string;
  /**
   * FTS column `caption`. Table units: the table's caption and scale note (or its lead-in
   * sentence or heading). Cell units: their row path again (the row label and its parents),
   * so BM25F can weigh what a cell's row is called apart from what its column is called
   * (`rowPath` in bm25f.ts); the headers column holds both. Rows and paragraphs leave it empty.
   * No unit below a table repeats its caption: on every cell it would make the caption's words
   * look common in the document (low IDF), so "income" in "Statements of Income" would stop
   * telling "Net income" apart from other rows.
   */
  caption: string;
  /** A paragraph right before a table (no heading between): that table's id. */
  leadInOf?: string;
}

/**
 * The dataset's own index of a paragraph: block "p" + k for MultiHiertt, FinQA and TAT-QA (the
 * index their evidence uses); DocMath splits a paragraph into several blocks, so there the
 * paragraph's position in the record (`/paragraphs/k` in the block's JSON Pointer) is the index.
 */
export function datasetParagraphIndex(document: Document, block: Block): number | undefined {
  if (document.source.kind !== 'dataset') return undefined;
  if (block.location.kind === 'dataset' && document.source.format === 'docmath') {
    const m = /\/paragraphs\/(\d+)$/.exec(block.location.pointer);
    return m ? Number(m[1]) : undefined;
  }
  const m = /^p(\d+)$/.exec(block.id);
  return m ? Number(m[1]) : undefined;
}

const pageOf = (block: Block): number | undefined =>
  block.location.kind === 'pdf' ? block.location.page : undefined;

/** "(USD millions)" without the brackets, for the index: a question says "in USD millions". */
const unitWords = (cell: Cell) => unitPhrase(cell).replace(/[()]/g, '');

const joinPaths = (...paths: readonly string[][]) =>
  paths
    .flat()
    .filter((s) => s !== '')
    .join(' ');

/** The row line a row hit shows: "Revenue: Year Ended > Jan 26, 2025 = 130,497 (USD millions); …". */
export function rowLine(row: Pick<TableRow, 'path' | 'label'>, cells: readonly Cell[]): string {
  const label = row.path.length > 0 ? row.path.join(' > ') : row.label;
  const values = cells.map((c) => {
    const unit = unitPhrase(c);
    const where = c.colPath.filter((s) => s !== '').join(' > ');
    const shown = c.text.replace(/\$\s*/g, '').trim();
    return `${where === '' ? '' : `${where} = `}${shown}${unit === '' ? '' : ` ${unit}`}`;
  });
  return `${label}: ${values.join('; ')}`;
}

/** The summary a table hit shows: caption, scale note, column headers, row labels. */
export function tableSummary(table: Table): string {
  const columns = [...new Set(table.cells.map((c) => c.colPath.join(' > ')))].filter(
    (s) => s !== '',
  );
  const rows = table.rows.filter((r) => r.kind !== 'header').map((r) => r.label);
  const head = [table.caption, table.scaleNote ?? ''].filter((s) => s !== '').join(' — ');
  return [
    head === '' ? `Table ${table.id}` : head,
    columns.length > 0 ? `columns: ${columns.join('; ')}` : '',
    rows.length > 0 ? `rows: ${rows.join('; ')}` : '',
  ]
    .filter((s) => s !== '')
    .join('\n');
}

/**
 * Every unit of the document in document order: for each block, a paragraph unit, or a table
 * unit followed, row by row, by the row's unit and its cells' units. Headings are not units;
 * the nearest heading above a paragraph or table is indexed with it (a paragraph under
 * "Revenue by Reportable Segments" is about revenue even when it says "sales").
 */
export function indexPassages(document: Document): Passage[] {
  const tables = new Map(document.tables.map((t) => [t.id, t]));
  const units: Passage[] = [];
  let heading = '';
  /** The paragraph unit right before the current block, if the previous block was one. */
  let leadIn: Passage | undefined;
  const placed = new Set<string>();
  const furniture = pageFurniture(document);
  for (const block of document.blocks) {
    const previous = leadIn;
    leadIn = undefined;
    if (block.type === 'heading') heading = block.text;
    else if (block.type === 'paragraph') {
      if (block.text.trim() === '') continue;
      // A PDF reader gives many titles ("Note 5 - Acquisitions", "Item 3. Legal Proceedings")
      // as plain lines: a short line that is not page furniture heads the paragraphs below it.
      const titleLine = block.location.kind === 'pdf' && isTitleLine(block.text, furniture);
      const paragraphIndex = datasetParagraphIndex(document, block);
      const page = pageOf(block);
      units.push({
        kind: 'paragraph',
        blockId: block.id,
        ...compact({ page, paragraphIndex }),
        text: block.text,
        body: normaliseForIndex(block.text),
        headers: normaliseForIndex(heading),
        caption: '',
      });
      leadIn = units.at(-1);
      if (titleLine) heading = block.text;
    } else {
      const table = tables.get(block.id);
      if (!table || placed.has(table.id)) continue;
      placed.add(table.id);
      const own = tableUnits(table, heading, previous?.text ?? '');
      // The sentence leading into a table ("The following table presents …:") says what the
      // table's numbers are; a search ranks it with the table's best unit (bm25f.ts).
      if (previous) previous.leadInOf = table.id;
      units.push(...own);
    }
  }
  // Tables no block places (none should be) still get indexed, after the text.
  for (const table of document.tables)
    if (!placed.has(table.id)) units.push(...tableUnits(table, '', ''));
  return units;
}

/** Words of a line that can be a title in a PDF. */
const TITLE_LINE_WORDS = 8;

/** Short lines printed on 3 or more pages: running heads ("Table of Contents"), not titles. */
function pageFurniture(document: Document): Set<string> {
  const pages = new Map<string, Set<number>>();
  for (const b of document.blocks)
    if (b.type === 'paragraph' && b.location.kind === 'pdf') {
      const key = b.text.trim().toLowerCase();
      const set = pages.get(key) ?? new Set<number>();
      set.add(b.location.page);
      pages.set(key, set);
    }
  return new Set([...pages].filter(([, p]) => p.size >= 3).map(([k]) => k));
}

function isTitleLine(text: string, furniture: ReadonlySet<string>): boolean {
  const t = text.trim();
  return (
    /\p{L}{3}/u.test(t) &&
    t.split(/\s+/).length <= TITLE_LINE_WORDS &&
    !/[.:;,]$/.test(t) &&
    !furniture.has(t.toLowerCase())
  );
}

/**
 * A table's units. Its caption column holds the caption and scale note; a table without a
 * caption is described by the paragraph leading into it, else by the heading above it.
 */
function tableUnits(table: Table, heading: string, leadIn: string): Passage[] {
  const where = {
    blockId: table.id,
    tableSourceIndex: table.sourceIndex,
    ...compact({ page: table.page }),
  };
  const caption = normaliseForIndex(
    [table.caption, table.scaleNote ?? '', table.caption === '' ? leadIn || heading : '']
      .filter((s) => s !== '')
      .join(' '),
  );
  const summary = tableSummary(table);
  const out: Passage[] = [
    {
      kind: 'table',
      ...where,
      text: summary,
      body: normaliseForIndex(summary),
      headers: normaliseForIndex(
        joinPaths(
          table.rows.filter((r) => r.kind !== 'header').map((r) => r.label),
          [...new Set(table.cells.flatMap((c) => c.colPath))],
        ),
      ),
      caption,
    },
  ];
  const cellsByRow = new Map<number, Cell[]>();
  for (const c of table.cells) {
    const list = cellsByRow.get(c.sourceRow) ?? [];
    list.push(c);
    cellsByRow.set(c.sourceRow, list);
  }
  for (const row of table.rows) {
    const cells = (cellsByRow.get(row.sourceRow) ?? []).sort((a, b) => a.sourceCol - b.sourceCol);
    cellsByRow.delete(row.sourceRow);
    if (row.kind === 'header' || cells.length === 0) continue;
    const line = rowLine(row, cells);
    out.push({
      kind: 'row',
      ...where,
      sourceRow: row.sourceRow,
      text: line,
      body: normaliseForIndex(line),
      headers: normaliseForIndex(joinPaths(row.path, ...cells.map((c) => c.colPath))),
      caption: '',
    });
    for (const c of cells) if (c.text.trim() !== '') out.push(cellUnit(c, where));
  }
  // Cells of rows the table does not list (none should be): indexed, never lost.
  for (const cells of cellsByRow.values())
    for (const c of cells) if (c.text.trim() !== '') out.push(cellUnit(c, where));
  return out;
}

function cellUnit(c: Cell, where: Pick<Passage, 'blockId' | 'tableSourceIndex' | 'page'>): Passage {
  const sentence = cellSentence(c);
  return {
    kind: 'cell',
    ...where,
    sourceRow: c.sourceRow,
    sourceCol: c.sourceCol,
    text: sentence,
    body: normaliseForIndex(`${c.text} ${unitWords(c)}`),
    headers: normaliseForIndex(joinPaths(c.rowPath, c.colPath)),
    caption: normaliseForIndex(joinPaths(c.rowPath)),
  };
}
