import { useEffect, useState, type RefObject } from 'react';

/**
 * The content width of an element, followed as it changes (0 until measured). `remount` names
 * what replaces the element (the observer moves to the new one).
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, remount?: unknown): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, remount]);
  return width;
}
