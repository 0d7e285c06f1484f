import type { ReactNode } from 'react';
import { useDocument } from '../../stores/document';
import { ParseProgress } from './ParseProgress';

/**
 * A PDF's text and tables beside its page. While the PDF is still parsed, the body holds the
 * pages read so far (`document.pages`), so above it go the parse's progress (with Cancel) and
 * how far those pages go: they are a prefix, not the document. The column is the same element
 * before and after the parse ends, so the body in it (its grids, a selected cell, the scroll)
 * stays when the whole model replaces the pages read so far. Not a PDF: the body as it is.
 */
export function PdfPagesSoFar({ isPdf, children }: { isPdf: boolean; children: ReactNode }) {
  const reading = useDocument((s) => (s.status === 'loading' ? s.partialPages : undefined));
  const pageCount = useDocument((s) => s.partial?.pageCount);
  if (!isPdf) return children;
  return (
    <div className="pdf-body-column" style={{ flex: 1, minWidth: 0 }}>
      {reading !== undefined && (
        <div className="pdf-pages-so-far">
          <ParseProgress />
          <p className="hint" role="status">
            Showing pages 1–{reading} of {pageCount ?? '?'}, read so far; the rest follows as it is
            read.
          </p>
        </div>
      )}
      {children}
    </div>
  );
}
