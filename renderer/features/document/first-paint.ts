import type { Block, Table } from '../../../shared/document';
import type { FirstScreen } from '../../../shared/document/first-screen-json';
import { dropEarlyGrid } from './early-grid-slot';
import { layoutOf } from './grid-view';
import './first-paint.css';

/**
 * A window opened on a document (a reload, a link) draws the document's first screen (its
 * name, the first blocks and the first table's cells) from the boot script, with plain DOM,
 * as soon as the cached model has arrived: before React, the app's stores, the document view
 * and ag-grid (most of the renderer's code) have been evaluated, which took a cached open of a
 * 10-K from ~300 to ~600 ms (docs/BENCHMARKS.md). It is a picture, not the view: inert and
 * hidden from assistive technology, over the app while the app starts underneath it, removed
 * once the view's first grid has drawn its rows (the grid then takes selection, the keyboard,
 * the cell panel), when the route changes, or after a few seconds whatever happens. The boot
 * script then puts ag-grid's grid of the first table in place of its cells (early-grid.ts),
 * the one part of the picture that is neither inert nor hidden; the view takes that grid over.
 * Filing text only ever goes in as text (`textContent`), never as HTML.
 */
const ID = 'first-paint';
/** Rows of the first table drawn here: more are below the first screen. */
const MAX_ROWS = 40;
const GRID_ROW_PX = 28;
const KEEP_MS = 5000;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * The header rows of the first table: a column's last header text on the bottom row, the texts
 * above it on the rows above, adjacent columns under one text sharing one cell (as ag-grid's
 * column groups draw them).
 */
function headerRows(paths: string[][]): HTMLTableRowElement[] {
  const depth = Math.max(1, ...paths.map((p) => p.length));
  const group = (p: string[], level: number) =>
    level < p.length - 1 ? p.slice(0, level + 1).join('\u0000') : undefined;
  const rows: HTMLTableRowElement[] = [];
  for (let level = 0; level < depth; level++) {
    const tr = el('tr');
    tr.append(el('th'));
    for (let i = 0; i < paths.length;) {
      const p = paths[i]!;
      const bottom = level === depth - 1;
      const key = bottom ? undefined : group(p, level);
      let j = i + 1;
      if (key !== undefined) while (j < paths.length && group(paths[j]!, level) === key) j++;
      const th = el('th', undefined, bottom ? (p.at(-1) ?? '') : key === undefined ? '' : p[level]);
      if (j - i > 1) th.colSpan = j - i;
      tr.append(th);
      i = j;
    }
    rows.push(tr);
  }
  return rows;
}

/** The first table's cells as a plain table, laid out as the grid lays them out. */
function tableCells(table: Table): HTMLElement {
  const layout = layoutOf(table);
  const t = el('table', 'first-paint-grid');
  const head = el('thead');
  head.append(...headerRows(layout.columns.map((c) => c.headerPath)));
  const body = el('tbody');
  for (const r of layout.rows.slice(0, MAX_ROWS)) {
    const tr = el('tr', `row-kind-${r.kind}`);
    const label = el('td', 'label', r.label);
    label.style.paddingLeft = `${8 + r.level * 16 + 24}px`;
    tr.append(label);
    for (const c of layout.columns) tr.append(el('td', 'value', r.cells[c.field]?.text ?? ''));
    body.append(tr);
  }
  t.append(head, body);
  const box = el('div', 'first-paint-table');
  box.append(t);
  // The rows not drawn keep their room, so what follows sits where the grid will put it.
  const left = layout.rows.length - MAX_ROWS;
  if (left > 0) box.style.paddingBottom = `${left * GRID_ROW_PX}px`;
  return box;
}

/** Out of reach of the pointer, the keyboard and assistive technology: the picture's parts. */
function still<E extends HTMLElement>(e: E): E {
  e.inert = true;
  e.setAttribute('aria-hidden', 'true');
  return e;
}

function tableBlock(table: Table, withCells: boolean): HTMLElement {
  const section = el('section', 'doc-table');
  const header = still(el('header'));
  const caption = table.caption || `Table ${table.sourceIndex + 1}`;
  const rows = table.rows.filter((r) => r.kind !== 'header').length;
  header.append(
    el('h4', undefined, caption),
    el(
      'span',
      'hint',
      `${table.scaleNote ? `${table.scaleNote} · ` : ''}${table.page ? `page ${table.page} · ` : ''}${rows} rows`,
    ),
  );
  section.append(header);
  if (withCells) section.append(still(tableCells(table)));
  else {
    const room = el('div');
    room.style.height = `${(rows + 1) * GRID_ROW_PX}px`;
    section.append(room);
  }
  return section;
}

function textBlock(b: Exclude<Block, { type: 'table' }>): HTMLElement {
  if (b.type === 'heading') return el('h3', `doc-heading level-${b.level}`, b.text);
  const div = el('div', 'doc-paragraph');
  div.append(el('p', undefined, b.text));
  return div;
}

/**
 * The first blocks, through the first table (drawn with its cells) when it is among them;
 * undefined when there is none (the view's first screen is text only: nothing gained here).
 */
function firstBlocks({
  blocks,
  tables: list,
}: FirstScreen): { article: HTMLElement; table: Table; cells: HTMLElement } | undefined {
  const tables = new Map(list.map((t) => [t.id, t]));
  // The view creates the first table block's grid at once (progressive-blocks.ts): its picture
  // is drawn only when that table is there to draw (else no grid would come to replace it).
  const first = blocks.findIndex((b) => b.type === 'table');
  const table = first < 0 ? undefined : tables.get(blocks[first]!.id);
  if (!table) return undefined;
  const article = el('article', 'document-body');
  let cells: HTMLElement | undefined;
  for (const [i, b] of blocks.entries()) {
    if (b.type !== 'table') article.append(still(textBlock(b)));
    else {
      const t = tables.get(b.id);
      if (!t) continue;
      const section = tableBlock(t, i === first);
      if (i === first)
        cells = section.querySelector<HTMLElement>('.first-paint-table') ?? undefined;
      else still(section);
      article.append(section);
    }
  }
  return cells && { article, table, cells };
}

let timer: number | undefined;

/** Takes the first screen away (the view's grid is drawn, or the user went elsewhere). */
export function removeFirstPaint(): void {
  // Its grid, unless the view has taken it over (early-grid-slot.ts).
  dropEarlyGrid();
  document.getElementById(ID)?.remove();
  window.removeEventListener('hashchange', removeFirstPaint);
  if (timer !== undefined) window.clearTimeout(timer);
  timer = undefined;
}

/** The first table of a first screen drawn, and the picture's cells of it. */
export interface PaintedTable {
  table: Table;
  cells: HTMLElement;
}

/**
 * Draws the opened document's first screen over the window (see above); answers its first
 * table and the element holding that table's cells (the boot script puts the grid there).
 * Nothing when the route names a table (the view scrolls to it) or the first screen has no table.
 */
export function paintFirstScreen(
  first: FirstScreen,
  tableId: string | undefined,
): PaintedTable | undefined {
  // A PDF's first screen is its page (the PDF page view's own business).
  if (tableId !== undefined || first.document.kind === 'pdf' || document.getElementById(ID))
    return undefined;
  const blocks = firstBlocks(first);
  if (!blocks) return undefined;
  const root = el('div', 'app first-paint');
  root.id = ID;
  const screen = el('main', 'screen document-screen');
  const header = still(el('header', 'screen-header'));
  const title = el('div');
  title.append(el('span', 'back', '← Library'), el('h1', undefined, first.document.name));
  header.append(title);
  const layout = el('div', 'document-layout');
  const content = el('div', 'document-content');
  content.append(blocks.article);
  layout.append(still(el('div', 'outline')), content);
  screen.append(header, layout);
  const sidebar = still(el('nav', 'sidebar'));
  sidebar.append(el('div', 'brand', 'Filing Workbench'));
  root.append(sidebar, screen);
  document.body.append(root);
  window.addEventListener('hashchange', removeFirstPaint);
  timer = window.setTimeout(removeFirstPaint, KEEP_MS);
  return { table: blocks.table, cells: blocks.cells };
}
