import { useRef } from 'react';
import { useFacts } from '../../stores/facts';

/**
 * The concept search: the box, how many concepts match, and the list (each a button showing
 * that concept). ↓ from the box and ↑/↓ in the list move between them, Escape goes back to the
 * box, Enter in the box shows the first concept.
 */
export function ConceptSearch({
  query,
  setQuery,
  onConcept,
}: {
  query: string;
  setQuery: (query: string) => void;
  onConcept: (concept: string) => void;
}) {
  const found = useFacts((s) => s.found);
  const shownConcept = useFacts((s) => s.concept);
  const list = useRef<HTMLUListElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);

  const moveIn = (e: React.KeyboardEvent, from: HTMLElement | null) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = from ? buttons.indexOf(from as HTMLButtonElement) : -1;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      buttons[Math.min(at + 1, buttons.length - 1)]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (at <= 0) searchBox.current?.focus();
      else buttons[at - 1]?.focus();
    } else if (e.key === 'Escape') searchBox.current?.focus();
  };

  return (
    <section className="facts-concepts" aria-label="Concepts">
      <input
        ref={searchBox}
        type="search"
        aria-label="Search facts"
        placeholder="Concept or row label: revenues, total assets…"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') moveIn(e, null);
          if (e.key === 'Enter' && found.status === 'ready' && found.value.concepts[0])
            onConcept(found.value.concepts[0].concept);
        }}
      />
      <p className="hint" role="status" aria-live="polite">
        {found.status === 'loading'
          ? 'Reading the filings’ facts…'
          : found.status === 'ready'
            ? `${found.value.total} concept${found.value.total === 1 ? '' : 's'}`
            : ''}
      </p>
      {found.status === 'error' && (
        <p className="error" role="alert">
          {found.error.message}
        </p>
      )}
      {found.status === 'ready' && (
        <ul ref={list} className="concept-list">
          {found.value.concepts.map((c) => (
            <li key={c.concept}>
              <button
                type="button"
                aria-current={c.concept === shownConcept ? 'true' : undefined}
                onClick={() => onConcept(c.concept)}
                onKeyDown={(e) => moveIn(e, e.currentTarget)}
              >
                <code>{c.concept}</code>
                <span className="hint">
                  {c.rowLabels.length > 0 && <>{c.rowLabels.join(' · ')} — </>}
                  {c.filings} filing{c.filings === 1 ? '' : 's'}, {c.facts} fact
                  {c.facts === 1 ? '' : 's'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
