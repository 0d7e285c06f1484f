import { useEffect, useState, type ReactNode } from 'react';
import { useDocument } from '../../stores/document';
import { ParseProgress } from './ParseProgress';

/**
 * A cached filing's first screen shown before its whole model says so only if the whole has not
 * followed by then (normally it replaces it a few hundred ms later, unnoticed).
 */
const SAY_FIRST_SCREEN_AFTER_MS = 1500;

/**
 * A filing (not a PDF) while it is still read, its beginning shown already (the store's
 * `partial`, read from the file's first half MB): above it go the read's progress (with Cancel)
 * and what it is, the beginning and not the document. The body below is the same element once
 * the whole model replaces the beginning, so its grids, a selected cell and the scroll stay.
 * A cached filing's first screen (shown while its whole model arrives) is the same prefix, said
 * only when the whole is late.
 */
export function BeginningSoFar({ isPdf, children }: { isPdf: boolean; children: ReactNode }) {
  const partialOf = useDocument((s) => (s.status === 'loading' ? s.partialOf : undefined));
  const late = useLate(partialOf === 'first-screen');
  if (isPdf) return children;
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      {partialOf === 'beginning' && (
        <div className="beginning-so-far">
          <ParseProgress />
          <p className="hint" role="status">
            Showing the beginning of the filing, read first; the rest follows as it is read.
          </p>
        </div>
      )}
      {partialOf === 'first-screen' && late && (
        <div className="beginning-so-far">
          <p className="hint" role="status">
            Showing the first screen of the filing; the rest is still loading.
          </p>
        </div>
      )}
      {children}
    </div>
  );
}

/** True once `on` has held for SAY_FIRST_SCREEN_AFTER_MS. */
function useLate(on: boolean): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setLate(true), SAY_FIRST_SCREEN_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [on]);
  return late;
}
