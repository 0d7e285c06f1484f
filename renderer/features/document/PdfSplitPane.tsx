import { useId, useRef, useState, type ReactNode } from 'react';
import { clampSplit, SPLIT_MAX, SPLIT_MIN, splitAfterKey, splitAt } from './pdf-split';
import { useSplitShare } from './use-split-share';

/**
 * The PDF page's side of a PDF split view and the handle between it and the tables. The page
 * keeps the share the user gave it (dragging the handle, or ←/→, Shift+←/→, Home/End on it;
 * a double click goes back to the default), remembered per workspace; until then it takes 58%
 * of the width, less on a narrow screen so the tables keep room for their columns.
 */
export function PdfSplitPane({ children }: { children: ReactNode }) {
  const paneId = useId();
  const handle = useRef<HTMLDivElement>(null);
  const { percent, choose } = useSplitShare(handle);
  const [dragging, setDragging] = useState(false);

  const fromPointer = (clientX: number): number | undefined => {
    const split = handle.current?.parentElement;
    if (!split) return undefined;
    const box = split.getBoundingClientRect();
    return splitAt(clientX - box.left, split.clientWidth);
  };

  return (
    <>
      <div className="pdf-pane" id={paneId} style={{ flexBasis: `${percent}%` }}>
        {children}
      </div>
      <div
        ref={handle}
        className={dragging ? 'pdf-split-handle dragging' : 'pdf-split-handle'}
        role="separator"
        aria-orientation="vertical"
        aria-controls={paneId}
        aria-label="Resize the PDF page and the tables"
        aria-valuemin={SPLIT_MIN}
        aria-valuemax={SPLIT_MAX}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={`PDF page ${Math.round(percent)}% of the width`}
        title="Drag, or ←/→ (Shift: faster), to resize; double-click for the default"
        tabIndex={0}
        onKeyDown={(e) => {
          const next = splitAfterKey(percent, e.key, e.shiftKey);
          if (next === undefined) return;
          e.preventDefault();
          choose(next, true);
        }}
        onDoubleClick={() => choose(undefined, true)}
        onPointerDown={(e) => {
          if (e.button !== 0) return;
          e.preventDefault();
          e.currentTarget.setPointerCapture(e.pointerId);
          e.currentTarget.focus();
          setDragging(true);
        }}
        onPointerMove={(e) => {
          if (!dragging) return;
          const p = fromPointer(e.clientX);
          if (p !== undefined) choose(p, false);
        }}
        onPointerUp={(e) => {
          if (!dragging) return;
          setDragging(false);
          e.currentTarget.releasePointerCapture(e.pointerId);
          const p = fromPointer(e.clientX);
          choose(p === undefined ? percent : clampSplit(p), true);
        }}
        onPointerCancel={() => setDragging(false)}
      >
        <span className="pdf-split-grip" aria-hidden="true" />
      </div>
    </>
  );
}
