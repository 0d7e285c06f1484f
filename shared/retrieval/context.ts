import { gridPositions, type GridPosition } from '../document/grid-layout';
import { unitPhrase } from '../document/cell-sentence';
import type { Cell, Document, Table } from '../document';
import { hitKey, inDocumentOrder } from './document-order';
import { datasetParagraphIndex } from './passages';
import type { RetrievalHit } from './hit';
import { compact } from '../util/compact';

/**
 * The retrieved evidence as prompt text: paragraphs with their index, and for each table one
 * excerpt (caption, scale, the column header paths with their column numbers, then the rows
 * hit) that gives every value the addresses `cell()` takes in the sandbox
 * (shared/sandbox/prompt-help.ts): the grid position `cell("t21", 4, 0)` and, when unique in
 * the table, the header paths `cell("t21", ["Revenue"], ["Year Ended", "Jan 26, 2025"])`.
 *
 * The budget is in the model's tokens when the caller gives a counter (main/ask gives the
 * o200k_base tokenizer, main/llm/token-count.ts); without one, tokens are estimated as
 * characters / 4, which undercounts numbers and table rows by up to half. Hits are taken in
 * rank order until the budget is full (the best evidence survives a small budget), then
 * written in document order.
 */
export interface BuiltContext {
  text: string;
  tokens: number;
  /** The hits included, in document order. */
  hits: RetrievalHit[];
  /** Some hit (or some row of a table hit) did not fit the budget. */
  truncated: boolean;
}

export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

/**
 * The document itself, in reading order, as whole-table and paragraph hits: what a prompt
 * carries when retrieval found nothing to rank (a question of stop words only, such as "What
 * does the table show?"). Without it such a prompt has no evidence at all, and every record of
 * a dataset gets the same prompt. The token budget still applies.
 */
export function documentOrderHits(document: Document): RetrievalHit[] {
  const tables = new Map(document.tables.map((t) => [t.id, t]));
  const out: RetrievalHit[] = [];
  const placed = new Set<string>();
  for (const block of document.blocks) {
    if (block.type === 'paragraph') {
      if (block.text.trim() === '') continue;
      const paragraphIndex = datasetParagraphIndex(document, block);
      out.push({
        kind: 'paragraph',
        blockId: block.id,
        ...(block.location.kind === 'pdf' ? { page: block.location.page } : {}),
        ...compact({ paragraphIndex }),
        text: block.text,
        score: 0,
      });
    } else if (block.type === 'table') {
      const table = tables.get(block.id);
      if (!table || placed.has(table.id)) continue;
      placed.add(table.id);
      out.push(wholeTable(table));
    }
  }
  // Tables no block places (dataset documents list them apart), in source order.
  for (const table of document.tables) if (!placed.has(table.id)) out.push(wholeTable(table));
  return out;
}

const wholeTable = (table: Table): RetrievalHit => ({
  kind: 'table',
  blockId: table.id,
  tableSourceIndex: table.sourceIndex,
  text: table.caption,
  score: 0,
});

const SEPARATOR = '\n\n';

interface TableGroup {
  table: Table;
  whole: boolean;
  rows: Set<number>;
  cells: Set<string>;
}

/** The value as filed and its unit phrase, without "(%)" after a value that shows its "%". */
function valueText(c: Cell, withUnit: boolean): string {
  const unit = withUnit ? unitPhrase(c) : '';
  if (unit === '' || (c.unit === '%' && c.text.includes('%'))) return c.text;
  return `${c.text} ${unit}`;
}

const cellKey = (c: Pick<Cell, 'sourceRow' | 'sourceCol'>) => `${c.sourceRow}:${c.sourceCol}`;
const pathText = (path: readonly string[]) => JSON.stringify(path);

/** Header paths as cell() compares them: labels trimmed, spaces collapsed, case ignored. */
const lookupKey = (c: Pick<Cell, 'rowPath' | 'colPath'>) =>
  JSON.stringify(
    [c.rowPath, c.colPath].map((p) => p.map((l) => l.trim().replace(/\s+/g, ' ').toLowerCase())),
  );

/**
 * One body row of a table as an excerpt shows it, made once per table: the excerpt of each hit
 * used to lay out and write every shown row again, and a question's ten cell hits in one table
 * rendered that table ten times, growing (issue 26, the engine's profile).
 */
interface RowText {
  /** Index among the layout's rows (what the excerpt calls the row). */
  index: number;
  sourceRow: number;
  /** unitPhrase of each of its cells, every cell included (distinct). */
  units: readonly string[];
  /** Grid columns of its cells that have a position. */
  cols: readonly number[];
  /** `row …: [col] value | …`, values with their unit phrase (no unit shared by the excerpt). */
  withUnits: string;
  /** The same, values without their unit phrase (the excerpt's head says the one unit). */
  withoutUnits: string;
  /** Per positioned cell in column order: its key and the line offering cell() on it. */
  cellLines: readonly { key: string; line: string }[];
}

/** Per table: grid positions and which cells share both header paths (position only). */
class TableView {
  readonly positions;
  readonly ambiguous = new Set<string>();
  private rowTexts: RowText[] | undefined;
  private readonly columnTexts = new Map<number, string>();
  private readonly lineBytes = new Map<string, number>();
  constructor(readonly table: Table) {
    this.positions = gridPositions(table);
    const seen = new Map<string, number>();
    for (const c of table.cells) {
      const k = lookupKey(c);
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    for (const c of table.cells)
      if ((seen.get(lookupKey(c)) ?? 0) > 1) this.ambiguous.add(cellKey(c));
  }

  /** The rows holding cells, in layout order, each written once. */
  rows(): readonly RowText[] {
    return (this.rowTexts ??= this.writeRows());
  }

  /** A line's length in UTF-8 bytes; the rows' lines are measured once per table. */
  bytesOf(line: string): number {
    let n = this.lineBytes.get(line);
    if (n === undefined) {
      n = utf8Length(line);
      // Bounded: the head and columns lines differ from excerpt to excerpt.
      if (this.lineBytes.size > 4096) this.lineBytes.clear();
      this.lineBytes.set(line, n);
    }
    return n;
  }

  /** `[col] ["header", …]` for the excerpt's columns line. */
  columnText(col: number): string {
    let text = this.columnTexts.get(col);
    if (text === undefined) {
      text = `[${col}] ${pathText(this.positions.layout.columns[col]?.headerPath ?? [])}`;
      this.columnTexts.set(col, text);
    }
    return text;
  }

  private writeRows(): RowText[] {
    const { table } = this;
    const out: RowText[] = [];
    this.positions.layout.rows.forEach((row, index) => {
      const all = Object.values(row.cells);
      if (all.length === 0) return;
      const rowCells = all
        .map((c) => ({ c, at: this.positions.of(c) }))
        .filter((x): x is { c: Cell; at: GridPosition } => x.at !== undefined)
        .sort((a, b) => a.at.col - b.at.col);
      const path = rowCells[0]?.c.rowPath ?? [row.label];
      const line = (withUnit: boolean) =>
        `row ${index} ${pathText(path)}: ${rowCells
          .map(({ c, at }) => `[${at.col}] ${valueText(c, withUnit)}`)
          .join(' | ')}`;
      const cellLines = rowCells.map(({ c, at }) => {
        // cell() refuses words ("n/a", a date): say so instead of offering a call that throws.
        if (c.value === null)
          return {
            key: cellKey(c),
            line: `  row ${at.row}, col ${at.col} is text, not a number: ${c.text}`,
          };
        const byPosition = `cell("${table.id}", ${at.row}, ${at.col})`;
        const byPath = this.ambiguous.has(cellKey(c))
          ? ''
          : ` = cell("${table.id}", ${pathText(c.rowPath)}, ${pathText(c.colPath)})`;
        return { key: cellKey(c), line: `  ${byPosition}${byPath} = ${valueText(c, true)}` };
      });
      out.push({
        index,
        sourceRow: row.sourceRow,
        units: [...new Set(all.map((c) => unitPhrase(c)))],
        cols: all.flatMap((c) => {
          const at = this.positions.of(c);
          return at ? [at.col] : [];
        }),
        withUnits: line(true),
        withoutUnits: line(false),
        cellLines,
      });
    });
    return out;
  }
}

/**
 * Each table's view (grid positions, ambiguous paths, its rows written out) is derived from the
 * table alone, so it is kept with the table object while that lives: a run asks about 6
 * questions of one TAT-QA record, and each used to lay the same tables out again (issue 26, the
 * engine's profile). Tables are not changed after a reader builds them.
 */
const tableViews = new WeakMap<Table, TableView>();

/**
 * The lines of a table's excerpt: its head (caption, page, scale, the one unit of its shown
 * values if they share one), how to call cell(), the columns used, then the shown rows with a
 * cell() line under each cell hit. Assembled from the view's rows, written once per table.
 */
function excerptLines(view: TableView, group: TableGroup): string[] {
  const { table } = view;
  const shownRows = view.rows().filter((r) => group.whole || group.rows.has(r.sourceRow));
  let firstUnit: string | undefined;
  let manyUnits = false;
  const columnsUsed = new Set<number>();
  for (const r of shownRows) {
    for (const u of r.units) {
      if (firstUnit === undefined) firstUnit = u;
      else if (u !== firstUnit) manyUnits = true;
    }
    for (const col of r.cols) columnsUsed.add(col);
  }
  const oneUnit = firstUnit !== undefined && !manyUnits ? firstUnit : null;
  const place = table.page !== undefined ? ` (page ${table.page})` : '';
  const head = [
    `Table ${table.id}${table.caption ? ` — ${table.caption}` : ''}${place}`,
    table.scaleNote ? `scale: ${table.scaleNote}` : '',
    oneUnit ? `values ${oneUnit}` : '',
  ]
    .filter((s) => s !== '')
    .join('; ');
  const columns = [...columnsUsed].sort((a, b) => a - b).map((col) => view.columnText(col));
  const lines = [
    head,
    `read with cell("${table.id}", row, col) using the row and [col] numbers, or cell("${table.id}", rowPath, colPath) with the paths shown`,
    columns.length > 0 ? `columns: ${columns.join('  ')}` : '',
  ].filter((s) => s !== '');
  for (const r of shownRows) {
    lines.push(oneUnit === null ? r.withUnits : r.withoutUnits);
    if (group.cells.size === 0) continue;
    for (const { key, line } of r.cellLines) if (group.cells.has(key)) lines.push(line);
  }
  return lines;
}

/**
 * A table's excerpt, its lines joined only when the text is read: each of a question's hits in
 * a table tries a larger excerpt of it against the budget, which needs only its size (summed
 * from the lines, each table row's measured once) until the context is assembled (issue 26,
 * the engine's profile: the excerpts were joined and measured hit after hit).
 */
interface TableExcerpt {
  lines: readonly string[];
  view: TableView;
  text?: string;
}

/** A context piece: a paragraph's text, or a table's excerpt not joined yet. */
type Piece = string | TableExcerpt;

const pieceText = (p: Piece): string =>
  typeof p === 'string' ? p : (p.text ??= p.lines.join('\n'));

/** `text.length` of the joined excerpt (lines and their newlines), without joining it. */
function excerptChars(p: TableExcerpt): number {
  let n = p.lines.length - 1;
  for (const line of p.lines) n += line.length;
  return n;
}

/** utf8Length of the joined excerpt: each newline is one byte. */
function excerptBytes(p: TableExcerpt): number {
  let n = p.lines.length - 1;
  for (const line of p.lines) n += p.view.bytesOf(line);
  return n;
}

const tableExcerpt = (view: TableView, group: TableGroup): TableExcerpt => ({
  lines: excerptLines(view, group),
  view,
});

function renderParagraph(document: Document, hit: RetrievalHit): string {
  const block = document.blocks.find((b) => b.id === hit.blockId);
  const text = block && block.type === 'paragraph' ? block.text : hit.text;
  const name =
    hit.paragraphIndex !== undefined
      ? `Paragraph ${hit.paragraphIndex}`
      : `Paragraph ${hit.blockId}`;
  const place = hit.page !== undefined ? ` (page ${hit.page})` : '';
  return `${name}${place}: ${text}`;
}

const viewOf = (t: Table) => {
  let v = tableViews.get(t);
  if (!v) tableViews.set(t, (v = new TableView(t)));
  return v;
};

/**
 * The context's pieces by key ("p:<block>" or "t:<table>") and what they use of the budget.
 * Counted: a piece is first measured by its UTF-8 bytes, which no byte-level BPE count
 * exceeds, so while everything fits by bytes nothing is tokenized; once a piece does not, the
 * pieces so far are counted and counting goes on. Either way the sum bounds the context's
 * tokens from above. Estimated: characters against four per token.
 */
function contextBudget(tokenBudget: number, count: ((text: string) => number) | undefined) {
  const limit = Math.max(0, tokenBudget) * (count ? 1 : 4);
  let exact = !count;
  // Sizes of the text a piece stands for: a table excerpt's by its lines, the same numbers.
  const measure = (piece: Piece) => {
    if (count && exact) return count(pieceText(piece));
    if (typeof piece === 'string') return count ? utf8Length(piece) : piece.length;
    return count ? excerptBytes(piece) : excerptChars(piece);
  };
  const pieces = new Map<string, Piece>();
  const sizes = new Map<string, number>();
  let used = 0;

  /** Puts `text` as piece `key` if the total stays within the budget. */
  const tryPut = (key: string, text: Piece): boolean => {
    let old = sizes.get(key);
    let size = measure(text);
    let delta = old === undefined ? size + (pieces.size > 0 ? measure(SEPARATOR) : 0) : size - old;
    if (used + delta > limit && !exact) {
      exact = true;
      used = 0;
      for (const [k, piece] of pieces) sizes.set(k, measure(piece));
      for (const v of sizes.values()) used += v;
      used += Math.max(0, pieces.size - 1) * measure(SEPARATOR);
      old = sizes.get(key);
      size = measure(text);
      delta = old === undefined ? size + (pieces.size > 0 ? measure(SEPARATOR) : 0) : size - old;
    }
    if (used + delta > limit) return false;
    pieces.set(key, text);
    sizes.set(key, size);
    used += delta;
    return true;
  };
  return { pieces, tryPut };
}

type ContextBudget = ReturnType<typeof contextBudget>;

/**
 * Adds a table hit (a cell, a row or the whole table) to its table's excerpt if the excerpt
 * still fits; a whole table too big for what is left gets as many of its rows as fit, in order.
 * `included`: the hit is (at least partly) in the context; `truncated`: something was left out.
 */
function putTableHit(
  hit: RetrievalHit,
  table: Table,
  groups: Map<string, TableGroup>,
  budget: ContextBudget,
): { included: boolean; truncated: boolean } {
  const key = `t:${table.id}`;
  const current = groups.get(key) ?? { table, whole: false, rows: new Set(), cells: new Set() };
  const next: TableGroup = {
    table,
    whole: current.whole || hit.kind === 'table',
    rows: new Set(current.rows),
    cells: new Set(current.cells),
  };
  if (hit.sourceRow !== undefined) next.rows.add(hit.sourceRow);
  if (hit.kind === 'cell' && hit.sourceRow !== undefined && hit.sourceCol !== undefined)
    next.cells.add(`${hit.sourceRow}:${hit.sourceCol}`);
  const view = viewOf(table);
  if (budget.tryPut(key, tableExcerpt(view, next))) {
    groups.set(key, next);
    return { included: true, truncated: false };
  }
  if (hit.kind !== 'table') return { included: false, truncated: true };
  // A whole table too big for what is left: as many of its rows as fit, in order.
  let partial: TableGroup = { ...next, whole: false, rows: new Set(current.rows) };
  let added = 0;
  for (const row of view.positions.layout.rows) {
    if (partial.rows.has(row.sourceRow) || Object.keys(row.cells).length === 0) continue;
    const trial: TableGroup = { ...partial, rows: new Set([...partial.rows, row.sourceRow]) };
    if (!budget.tryPut(key, tableExcerpt(view, trial))) break;
    partial = trial;
    added++;
  }
  if (added > 0) groups.set(key, partial);
  return { included: added > 0, truncated: true };
}

/** The pieces of the included hits in document order, and the context's token count. */
function assembleContext(
  document: Document,
  included: readonly RetrievalHit[],
  pieces: ReadonlyMap<string, Piece>,
  truncated: boolean,
  count: ((text: string) => number) | undefined,
): BuiltContext {
  const ordered = inDocumentOrder(document, included);
  const order = new Set(ordered.map((h) => (h.kind === 'paragraph' ? 'p:' : 't:') + h.blockId));
  const text = [...order]
    .map((k) => {
      const piece = pieces.get(k);
      return piece === undefined ? '' : pieceText(piece);
    })
    .join(SEPARATOR);
  if (!count) return { text, tokens: estimateTokens(text), hits: ordered, truncated };
  // Counted when read: most asks never read it, and counting a context far under its budget is
  // what the byte bound (contextBudget) spared.
  let tokens: number | undefined;
  return {
    text,
    get tokens() {
      return (tokens ??= count(text));
    },
    hits: ordered,
    truncated,
  };
}

export function buildContext(
  document: Document,
  hits: readonly RetrievalHit[],
  options: {
    tokenBudget: number;
    /**
     * The model's token count of a text (main/llm/token-count.ts); without it tokens are
     * estimated as characters / 4.
     */
    countTokens?: (text: string) => number;
  },
): BuiltContext {
  const count = options.countTokens;
  const budget = contextBudget(options.tokenBudget, count);
  const tables = new Map(document.tables.map((t) => [t.id, t]));
  const groups = new Map<string, TableGroup>();
  let truncated = false;
  const included: RetrievalHit[] = [];
  const seen = new Set<string>();

  for (const hit of hits.length > 0 ? hits : documentOrderHits(document)) {
    const k = hitKey(hit);
    if (seen.has(k)) continue;
    seen.add(k);
    if (hit.kind === 'paragraph') {
      const key = `p:${hit.blockId}`;
      if (budget.pieces.has(key) || budget.tryPut(key, renderParagraph(document, hit)))
        included.push(hit);
      else truncated = true;
      continue;
    }
    const table = tables.get(hit.blockId);
    if (!table) {
      truncated = true;
      continue;
    }
    const put = putTableHit(hit, table, groups, budget);
    if (put.included) included.push(hit);
    if (put.truncated) truncated = true;
  }
  return assembleContext(document, included, budget.pieces, truncated, count);
}

/** A string's length in UTF-8 bytes (no byte-level BPE gives a text more tokens than this). */
function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A surrogate pair is 4 bytes: 3 counted for its high half and 1 for its low half.
    n += c < 0x80 || (c >= 0xdc00 && c < 0xe000) ? 1 : c < 0x800 ? 2 : 3;
  }
  return n;
}
