import { useEffect, useMemo, useRef } from 'react';
import type { Document } from '../../../shared/document';
import { useAfterFirstGrid } from './first-grid';
import { outlineEntries } from './outline-entries';
import { useCurrentOutlineEntry } from './use-current-outline-entry';

interface Props {
  model: Document;
  activeTableId?: string | undefined;
  onTable: (tableId: string) => void;
  onHeading: (blockId: string) => void;
  /** The element the document scrolls in; the entry at its top is shown as current. */
  scrollRoot?: string | undefined;
  /** A grid is drawn first: the entries are listed once it is (./first-grid.ts). */
  afterGrid?: boolean | undefined;
}

/**
 * Sections and tables in reading order, without headings that only repeat the title of the
 * table below them; each entry jumps there. The entry of the part being read is highlighted
 * (and kept in view) as the document scrolls.
 */
export function Outline({
  model,
  activeTableId,
  onTable,
  onHeading,
  scrollRoot = '.document-content',
  afterGrid = false,
}: Props) {
  const listed = useAfterFirstGrid(afterGrid);
  const entries = useMemo(() => (listed ? outlineEntries(model) : []), [model, listed]);
  const current = useCurrentOutlineEntry(entries, scrollRoot, listed);
  const nav = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!current) return;
    nav.current
      ?.querySelector(`[data-outline-id="${CSS.escape(current)}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  return (
    <nav className="outline" aria-label="Outline" ref={nav}>
      <h2>Outline</h2>
      <ul>
        {entries.map((e) => {
          const isCurrent = e.id === current;
          if (e.kind === 'heading')
            return (
              <li key={e.id} className={`outline-heading level-${e.level}`}>
                <a
                  href={`#${e.id}`}
                  data-outline-id={e.id}
                  className={isCurrent ? 'current' : undefined}
                  aria-current={isCurrent ? 'location' : undefined}
                  title={e.text}
                  onClick={(ev) => (ev.preventDefault(), onHeading(e.id))}
                >
                  {e.text}
                </a>
              </li>
            );
          return (
            <li key={e.id} className="outline-table">
              <a
                href={`#${e.id}`}
                data-outline-id={e.id}
                className={isCurrent ? 'current' : undefined}
                aria-current={activeTableId === e.id ? 'true' : isCurrent ? 'location' : undefined}
                title={e.text}
                onClick={(ev) => (ev.preventDefault(), onTable(e.id))}
              >
                <span aria-hidden="true">▦ </span>
                {e.suffix ? e.text.slice(0, e.text.length - e.suffix.length) : e.text}
                {e.suffix && <span className="outline-suffix">{e.suffix}</span>}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
