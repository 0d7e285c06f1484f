import type { ReactNode } from 'react';
import { useDocument } from '../../stores/document';
import { ParseProgress } from './ParseProgress';

/**
 * A filing (not a PDF) while it is still read, its beginning shown already (the store's
 * `partial`, read from the file's first half MB): above it go the read's progress (with Cancel)
 * and what it is, the beginning and not the document. The body below is the same element once
 * the whole model replaces the beginning, so its grids, a selected cell and the scroll stay.
 */
export function BeginningSoFar({ isPdf, children }: { isPdf: boolean; children: ReactNode }) {
  const reading = useDocument((s) => s.status === 'loading' && s.partial !== undefined);
  if (isPdf) return children;
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      {reading && (
        <div className="beginning-so-far">
          <ParseProgress />
          <p className="hint" role="status">
            Showing the beginning of the filing, read first; the rest follows as it is read.
          </p>
        </div>
      )}
      {children}
    </div>
  );
}
