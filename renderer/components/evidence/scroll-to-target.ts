import type { EvidenceTarget } from '../../../shared/document/evidence';

/**
 * Scrolls the document view to an evidence target: a paragraph or table by its block id, a cell
 * to its grid cell once the grid has drawn it (the selected cell), a page to the PDF view. Tries
 * for a few frames because a table may still be mounting.
 */
export function scrollToTarget(target: EvidenceTarget, tries = 30): void {
  const el = elementFor(target);
  if (el) {
    el.scrollIntoView({ block: 'center' });
    return;
  }
  if (tries > 0) requestAnimationFrame(() => scrollToTarget(target, tries - 1));
}

function elementFor(target: EvidenceTarget): Element | null {
  switch (target.type) {
    case 'paragraph':
      return document.getElementById(target.blockId);
    case 'table':
      return document.getElementById(target.tableId);
    case 'row':
    case 'cell': {
      // The grid mounts lazily: until it has drawn the row, wait (the caller tries again). A row
      // is drawn twice (pinned label part and values part): the cell is in the values part.
      const grid = document.querySelector(`[data-table-id="${CSS.escape(target.tableId)}"]`);
      const parts = [...(grid?.querySelectorAll(`[row-id="r${target.sourceRow}"]`) ?? [])];
      if (parts.length === 0) return null;
      if (target.type === 'cell')
        for (const cls of ['.cell-selected', '.cell-gold'])
          for (const part of parts) {
            const cell = part.querySelector(cls);
            if (cell) return cell;
          }
      return parts.at(-1) ?? null;
    }
    case 'page':
      return document.querySelector('.pdf-page');
  }
}
