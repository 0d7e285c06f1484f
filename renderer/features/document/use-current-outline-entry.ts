import { useEffect, useState } from 'react';

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
 * The id of the entry being read: the last one whose element's top has scrolled to the top of
 * `scrollRoot` (at the very end, the last one in view), looked at again once a frame as the
 * document scrolls or changes height.
 */
export function useCurrentOutlineEntry(
  entries: readonly { id: string }[],
  scrollRoot: string,
  /** False: nothing is measured yet (the document's first grid is being drawn). */
  active = true,
): string | undefined {
  const [current, setCurrent] = useState<string>();
  useEffect(() => {
    if (!active) return;
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
  }, [entries, scrollRoot, active]);
  return current;
}
