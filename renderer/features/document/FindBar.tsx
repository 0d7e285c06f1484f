import { useMemo, useState, type RefObject } from 'react';
import type { Document } from '../../../shared/document';
import { documentStore } from '../../stores/document';
import { revealDocument } from './DocumentBody';
import { findHits, findMatches, findStatus, stepHit, type FindHit } from './find-matches';

/**
 * Brings one occurrence into view: in a paragraph its <mark> (marked as the current one), in a
 * table the block (the grid outlines every matching cell).
 */
function showHit(hit: FindHit) {
  for (const m of document.querySelectorAll('mark.find-current'))
    m.classList.remove('find-current');
  if (!document.getElementById(hit.blockId)) revealDocument();
  const block = document.getElementById(hit.blockId);
  const mark = block?.querySelectorAll('mark')[hit.nth];
  if (mark) {
    mark.classList.add('find-current');
    mark.scrollIntoView({ block: 'center' });
  } else block?.scrollIntoView({ block: 'start' });
}

/** The document view's find box: the query (in the document store), ↑/↓ through the hits. */
export function FindBar({
  model,
  query,
  inputRef,
}: {
  model: Document | undefined;
  query: string;
  /** Focused by Ctrl+F (the screen's keys). */
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const [matchIndex, setMatchIndex] = useState(-1);
  const matches = useMemo(() => (model ? findMatches(model, query) : []), [model, query]);
  const hits = useMemo(() => findHits(matches), [matches]);

  const goToMatch = (delta: 1 | -1) => {
    const next = stepHit(matchIndex, delta, hits.length);
    if (next < 0) return;
    setMatchIndex(next);
    showHit(hits[next]!);
  };

  return (
    <div className="find" role="search">
      <input
        ref={inputRef}
        type="search"
        placeholder="Find in document (Ctrl+F)"
        aria-label="Find in document"
        value={query}
        onChange={(e) => {
          documentStore.getState().setQuery(e.currentTarget.value);
          setMatchIndex(-1);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') goToMatch(e.shiftKey ? -1 : 1);
          if (e.key === 'Escape') documentStore.getState().setQuery('');
        }}
      />
      <button
        className="find-step"
        onClick={() => goToMatch(-1)}
        disabled={hits.length === 0}
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
      >
        ↑
      </button>
      <button
        className="find-step"
        onClick={() => goToMatch(1)}
        disabled={hits.length === 0}
        aria-label="Next match"
        title="Next match (Enter)"
      >
        ↓
      </button>
      <span className="hint" aria-live="polite">
        {findStatus(query, hits.length, matches.length, matchIndex)}
      </span>
    </div>
  );
}
