import { coversCell, type EvidenceTarget } from '../../shared/document/evidence';
import { gridLayout } from '../../shared/document/grid-layout';
import type { Block, Document, Table } from '../../shared/document';
import { clip, escapeHtml } from './html-escape';

/** Whose evidence a target is: the dataset's gold, the expert's marks, the program's cells. */
export type EvidenceRole = 'gold' | 'expert' | 'program';

export interface RoledTarget {
  role: EvidenceRole;
  target: EvidenceTarget;
}

/** A long table shows only its highlighted rows beyond this many rows. */
const WHOLE_TABLE_ROWS = 30;
const MAX_TABLES = 4;
const MAX_PARAGRAPH_CHARS = 1500;

const ROLE_CLASS: Record<EvidenceRole, string> = { gold: 'ev-g', expert: 'ev-e', program: 'ev-p' };

function tableOf(t: EvidenceTarget): string | null {
  return t.type === 'table' || t.type === 'row' || t.type === 'cell' ? t.tableId : null;
}

function classes(roles: Set<EvidenceRole>): string {
  return [...roles].map((r) => ROLE_CLASS[r]).join(' ');
}

function renderTable(table: Table, targets: RoledTarget[]): string {
  const layout = gridLayout(table);
  const own = targets.filter((t) => tableOf(t.target) === table.id);
  const rolesAt = (sourceRow: number, sourceCol: number) =>
    new Set(
      own.filter((t) => coversCell(t.target, table.id, sourceRow, sourceCol)).map((t) => t.role),
    );
  const rowHit = (sourceRow: number) =>
    own.some(
      (t) =>
        t.target.type === 'table' ||
        (t.target.type === 'row' && t.target.sourceRow === sourceRow) ||
        (t.target.type === 'cell' && t.target.sourceRow === sourceRow),
    );
  const rows =
    layout.rows.length <= WHOLE_TABLE_ROWS
      ? layout.rows
      : layout.rows.filter((r) => rowHit(r.sourceRow));
  const head = layout.columns
    .map((c) => `<th>${escapeHtml(c.headerPath.join(' › '))}</th>`)
    .join('');
  const body = rows
    .map((r) => {
      const cells = layout.columns
        .map((c) => {
          const cell = r.cells[c.field];
          if (!cell) return '<td></td>';
          const cls = classes(rolesAt(cell.sourceRow, cell.sourceCol));
          return `<td${cls ? ` class="${cls}"` : ''}>${escapeHtml(cell.text)}</td>`;
        })
        .join('');
      return `<tr><th class="rl" style="padding-left:${0.4 + r.level}em">${escapeHtml(r.label)}</th>${cells}</tr>`;
    })
    .join('\n');
  const note =
    rows.length < layout.rows.length
      ? `<p class="muted">${rows.length} of ${layout.rows.length} rows shown (the highlighted ones)</p>`
      : '';
  return `<figure class="tbl"><figcaption>${escapeHtml(table.id)}${table.caption ? ` — ${escapeHtml(table.caption)}` : ''}</figcaption>
<div class="scroll"><table><thead><tr><th></th>${head}</tr></thead><tbody>
${body}
</tbody></table></div>${note}</figure>`;
}

function blockText(b: Block): string | null {
  return b.type === 'table' ? null : b.text;
}

/**
 * The part of a document the evidence points at, with gold cells, the expert's marks and the
 * program's cells highlighted: the paragraphs named, and the tables holding a named cell, row
 * or table. Everything taken from the document is escaped.
 */
export function evidenceExcerpt(doc: Document, targets: RoledTarget[]): string {
  if (targets.length === 0) {
    // Nothing to highlight (FinanceMath states no evidence): the document's first tables give
    // the reader the numbers the question is about.
    const context = doc.tables.slice(0, 2).map((t) => renderTable(t, []));
    return `<p class="muted">No evidence located for this item${context.length > 0 ? "; the document's tables:" : '.'}</p>\n${context.join('\n')}`;
  }
  const parts: string[] = [];
  const paragraphRoles = new Map<string, Set<EvidenceRole>>();
  for (const t of targets)
    if (t.target.type === 'paragraph') {
      const set = paragraphRoles.get(t.target.blockId) ?? new Set<EvidenceRole>();
      set.add(t.role);
      paragraphRoles.set(t.target.blockId, set);
    }
  for (const b of doc.blocks) {
    const roles = paragraphRoles.get(b.id);
    const text = blockText(b);
    if (!roles || text === null) continue;
    parts.push(
      `<blockquote class="${classes(roles)}">${escapeHtml(clip(text, MAX_PARAGRAPH_CHARS))}</blockquote>`,
    );
  }
  const tableIds = [...new Set(targets.map((t) => tableOf(t.target)).filter((x) => x !== null))];
  for (const id of tableIds.slice(0, MAX_TABLES)) {
    const table = doc.tables.find((t) => t.id === id);
    parts.push(
      table
        ? renderTable(table, targets)
        : `<p class="muted">table ${escapeHtml(id)} is not in this document</p>`,
    );
  }
  if (tableIds.length > MAX_TABLES)
    parts.push(`<p class="muted">${tableIds.length - MAX_TABLES} more tables not shown</p>`);
  const pages = [
    ...new Set(targets.flatMap((t) => (t.target.type === 'page' ? [t.target.page] : []))),
  ];
  if (pages.length > 0) parts.push(`<p class="muted">Pages: ${pages.join(', ')}</p>`);
  return parts.join('\n');
}
