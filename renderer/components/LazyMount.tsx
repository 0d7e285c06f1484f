import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Mounts its children once they come near the viewport. A 10-K has ~70 tables; creating every
 * grid up front would stall the window for seconds.
 */
export function LazyMount({
  children,
  placeholderHeight,
  force,
}: {
  children: ReactNode;
  placeholderHeight: number;
  force?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: '600px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [seen]);
  return (
    <div ref={ref}>{seen || force ? children : <div style={{ height: placeholderHeight }} />}</div>
  );
}
