import { useEffect, useId, useMemo } from 'react';
import { MAX_ASK_DOCUMENTS } from '../../../shared/ask/filing-id';
import { askStore, useAsk } from '../../stores/ask';
import { libraryStore, useLibrary } from '../../stores/library';
import { entryLabel, filingChoices, type FilingChoices } from './filing-choices';

/** "Add filing…": the open document's company's filings first, then the other documents. */
function AddFilingSelect(p: { id: string; choices: FilingChoices; full: boolean }) {
  const { id, choices, full } = p;
  const none = choices.sameCompany.length + choices.others.length === 0;
  return (
    <>
      <label htmlFor={`${id}-add`} className="visually-hidden">
        Add filing
      </label>
      <select
        id={`${id}-add`}
        value=""
        disabled={full || none}
        title={
          full
            ? `At most ${MAX_ASK_DOCUMENTS} filings in one ask`
            : none
              ? 'No other document in the Library'
              : 'Ask across this filing and others'
        }
        onChange={(e) => {
          const value = Number(e.currentTarget.value);
          if (value > 0) askStore.getState().addFiling(value);
        }}
      >
        <option value="">Add filing…</option>
        {choices.sameCompany.length > 0 && (
          <optgroup label={choices.company ?? 'Same company'}>
            {choices.sameCompany.map((d) => (
              <option key={d.id} value={d.id}>
                {entryLabel(d)}
              </option>
            ))}
          </optgroup>
        )}
        {choices.others.length > 0 && (
          <optgroup label="Other documents">
            {choices.others.map((d) => (
              <option key={d.id} value={d.id}>
                {d.facts?.company ? `${d.facts.company} · ` : ''}
                {entryLabel(d)}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </>
  );
}

/**
 * The filings an ask covers (issue 27): the open document, and any the analyst adds from the
 * Library with "Add filing…" (a plain select: Tab to it, arrow keys or type-ahead to a filing,
 * Enter/selection adds it; the open document's company's filings are listed first). Each added
 * one has a Remove button. Not shown for a dataset question (its document is its own).
 */
export function FilingPicker({ documentId }: { documentId: number }) {
  const id = useId();
  const chosen = useAsk((s) => s.filings);
  const documents = useLibrary((l) => l.documents);
  const loaded = useLibrary((l) => l.loaded);
  useEffect(() => {
    // Opened from a link: the Library's list may not have been read yet.
    if (!loaded) void libraryStore.getState().refresh();
  }, [loaded]);
  const choices = useMemo(
    () => filingChoices(documents, documentId, chosen),
    [documents, documentId, chosen],
  );
  const byId = useMemo(() => new Map(documents.map((d) => [d.id, d])), [documents]);
  const current = byId.get(documentId);
  const full = chosen.length + 1 >= MAX_ASK_DOCUMENTS;
  return (
    <fieldset className="ask-filings">
      <legend>Filings</legend>
      <ul aria-label="Filings asked about">
        <li>
          <span>{current ? entryLabel(current) : `document #${documentId}`}</span>{' '}
          <span className="hint">(open)</span>
        </li>
        {chosen.map((d) => {
          const entry = byId.get(d);
          const label = entry ? entryLabel(entry) : `document #${d}`;
          return (
            <li key={d}>
              <span>{label}</span>{' '}
              <button
                type="button"
                className="link"
                aria-label={`Remove ${label}`}
                onClick={() => askStore.getState().removeFiling(d)}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      <AddFilingSelect id={id} choices={choices} full={full} />
    </fieldset>
  );
}
