import { useEffect, useMemo, useRef, useState } from 'react';
import type { Document } from '../../../shared/document';
import { outlineEntries } from './outline-entries';

interface Props {
  model: Document;
  activeTableId?: string;
  onTable: (tableId: string) => void;
  onHeading: (blockId: string) => void;
  /** The element the document scrolls in; the entry at its top is shown as current. */
  scrollRoot?: string;
}

/** Index of the last element whose top is at or above `y` (elements are in reading order). */
function lastAbove(elements: (HTMLElement | null)[], y: number): number {
  let lo = 0;
  let hi = elements.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const el = elements[mid];
    const top = el ? el.getBoundingClientRect().top : Number.POSITIVE_INFINITY;
    if (top <= y) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
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
}: Props) {
  const entries = useMemo(() => outlineEntries(model), [model]);
  const [current, setCurrent] = useState<string>();
  const nav = useRef<HTMLElement>(null);

  useEffect(() => {
    const root = document.querySelector<HTMLElement>(scrollRoot);
    if (!root) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const elements = entries.map((e) => document.getElementById(e.id));
      const box = root.getBoundingClientRect();
      // At the very end the last parts can never reach the top: the last one in view counts.
      const atEnd = root.scrollTop + root.clientHeight >= root.scrollHeight - 2;
      const at = lastAbove(elements, atEnd ? box.bottom - 40 : box.top + 48);
      setCurrent(at >= 0 ? entries[at]!.id : entries[0]?.id);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    root.addEventListener('scroll', onScroll, { passive: true });
    // Content that changes height without a scroll (a grid mounted as it comes into view, rows
    // growing to their wrapped labels) moves the parts: look again.
    const resized = new ResizeObserver(onScroll);
    for (const child of root.children) resized.observe(child);
    // On the next frame, not now: measuring the document here would lay it out before its
    // first paint.
    onScroll();
    return () => {
      root.removeEventListener('scroll', onScroll);
      resized.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [entries, scrollRoot]);

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
