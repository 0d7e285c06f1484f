import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { QuestionSummary } from '../../../shared/datasets/stored-question';

interface Props {
  questions: QuestionSummary[];
  total: number;
  filter: string;
  onFilter: (filter: string) => void;
  /** The question to put the focus on when the list shows (the one the user came back from). */
  focusId?: number | undefined;
}

/** Moves the focus to the link `delta` rows away; from the first row up, back to the filter. */
function moveFocus(e: KeyboardEvent<HTMLElement>, delta: 1 | -1, filter: HTMLInputElement | null) {
  const item = e.currentTarget.closest('li');
  const next = (delta > 0 ? item?.nextElementSibling : item?.previousElementSibling) as
    HTMLElement | null | undefined;
  e.preventDefault();
  if (next) next.querySelector('a')?.focus();
  else if (delta < 0) filter?.focus();
}

/**
 * A dataset's questions as links (Enter or click opens one), narrowed by a filter on text and
 * ids. Keys: ↓ from the filter enters the list, ↓/↑ or j/k move, ↑ on the first row goes back.
 */
export function QuestionList({ questions, total, filter, onFilter, focusId }: Props) {
  const filterInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (focusId === undefined) return filterInput.current?.focus();
    const link = list.current?.querySelector<HTMLElement>(`a[data-question-id="${focusId}"]`);
    link?.focus();
    link?.scrollIntoView({ block: 'center' });
    // Only when the list first shows: typing in the filter must keep the focus there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section className="question-list-panel">
      <div className="question-filter" role="search">
        <input
          ref={filterInput}
          type="search"
          placeholder="Filter questions by text, type or id"
          aria-label="Filter questions"
          value={filter}
          onChange={(e) => onFilter(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              list.current?.querySelector('a')?.focus();
            }
            if (e.key === 'Escape') onFilter('');
          }}
        />
        <span className="hint" aria-live="polite">
          {questions.length === total
            ? `${total.toLocaleString()} questions`
            : `${questions.length.toLocaleString()} of ${total.toLocaleString()} questions`}
        </span>
      </div>
      {questions.length === 0 ? (
        <p className="hint">No question matches “{filter}”.</p>
      ) : (
        <ol className="question-list" aria-label="Questions" ref={list}>
          {questions.map((q) => (
            <li key={q.id}>
              <a
                href={`#/question/${q.id}`}
                data-question-id={q.id}
                onKeyDown={(e) => {
                  if (e.key === 'ArrowDown' || e.key === 'j') moveFocus(e, 1, filterInput.current);
                  if (e.key === 'ArrowUp' || e.key === 'k') moveFocus(e, -1, filterInput.current);
                }}
              >
                <span className="question-id">#{q.id}</span>
                <span className="question-text">{q.question}</span>
                <span className="question-type">{q.type}</span>
                <span className="question-external" title="The dataset's own id">
                  {q.externalId}
                </span>
              </a>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
