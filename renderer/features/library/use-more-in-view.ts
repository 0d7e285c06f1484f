import { useEffect, type RefObject } from 'react';

/**
 * Calls `onMore` when the element behind `end` comes within 600 px of the viewport: the Library
 * list and its company sections draw a page at a time and the next page when their end nears.
 * `drawn` (how much is drawn) and `hasMore` re-arm the observer after each page, so a page that
 * still leaves the end in view asks for the next one. No IntersectionObserver (jsdom): nothing.
 */
export function useMoreInView(
  end: RefObject<Element | null>,
  onMore: () => void,
  drawn: number,
  hasMore: boolean,
) {
  useEffect(() => {
    const el = end.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
    // onMore is a fresh closure each render; drawn and hasMore say when to observe again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasMore, drawn]);
}
