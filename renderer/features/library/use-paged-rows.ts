import { useEffect, useRef, useState } from 'react';
import { LIBRARY_PAGE_ROWS } from './format';
import { useMoreInView } from './use-more-in-view';

/**
 * Rows drawn a page at a time (LIBRARY_PAGE_ROWS): more as the `more` row scrolls into view or
 * is clicked (`showMore`), from the first page again when `viewKey` changes. `moveTo` focuses a
 * row of `body`, drawing up to it first.
 */
export function usePagedRows<T>(items: T[], viewKey: string) {
  const [limit, setLimit] = useState(LIBRARY_PAGE_ROWS);
  const [limitFor, setLimitFor] = useState(viewKey);
  // A row the keyboard moved to before it was drawn: focused once it is.
  const focusAt = useRef<number | null>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const more = useRef<HTMLTableRowElement>(null);
  // A new search, filter or sort starts again at the first page, in the same render (React's
  // state-from-props pattern), so a keystroke never draws the longer list first.
  if (limitFor !== viewKey) {
    setLimitFor(viewKey);
    setLimit(LIBRARY_PAGE_ROWS);
  }
  const shown = items.length > limit ? items.slice(0, limit) : items;
  const hasMore = shown.length < items.length;

  useMoreInView(more, () => setLimit((l) => l + LIBRARY_PAGE_ROWS), shown.length, hasMore);

  const focusRow = (index: number) =>
    (body.current?.children[index] as HTMLElement | undefined)?.focus();
  useEffect(() => {
    const at = focusAt.current;
    if (at === null || at >= shown.length) return;
    focusAt.current = null;
    focusRow(at);
  }, [shown.length]);
  // Keyboard moves to a row not drawn yet: draw up to it, then focus it.
  const moveTo = (index: number) => {
    const to = Math.max(0, Math.min(index, items.length - 1));
    if (to < shown.length) return focusRow(to);
    focusAt.current = to;
    setLimit(to + 1);
  };
  const showMore = () => setLimit((l) => l + LIBRARY_PAGE_ROWS);
  return { shown, hasMore, body, more, moveTo, showMore };
}
