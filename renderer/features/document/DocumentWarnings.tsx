import { Fragment, useState, type ReactNode } from 'react';

interface Props {
  warnings: readonly string[];
  /** Ids of the document's tables: a warning naming one links to it. */
  tableIds: ReadonlySet<string>;
  onTable: (tableId: string) => void;
}

/** "Table t24 ..." in a warning becomes a link when t24 is one of this document's tables. */
function withTableLinks(
  text: string,
  tableIds: ReadonlySet<string>,
  onTable: (id: string) => void,
): ReactNode {
  const parts = text.split(/\b(Table [\w-]+)/);
  return parts.map((part, i) => {
    const id = /^Table ([\w-]+)$/.exec(part)?.[1];
    if (id === undefined || !tableIds.has(id)) return <Fragment key={i}>{part}</Fragment>;
    return (
      <a key={i} href={`#${id}`} onClick={(e) => (e.preventDefault(), onTable(id))}>
        {part}
      </a>
    );
  });
}

/**
 * What the reader could not do or had to guess. Collapsed to one line so it never pushes the
 * document away; <details> gives keyboard and screen-reader behaviour for free. Dismissing
 * hides it until the document is opened again (the caller keys this by document).
 */
export function DocumentWarnings({ warnings, tableIds, onTable }: Props) {
  const [dismissed, setDismissed] = useState(false);
  if (warnings.length === 0 || dismissed) return null;
  const count = warnings.length === 1 ? '1 warning' : `${warnings.length} warnings`;
  return (
    <section className="doc-warnings" aria-label="Reading warnings">
      <details>
        <summary>
          <span aria-hidden="true">⚠ </span>
          {count} from reading this document
        </summary>
        <ul>
          {warnings.map((w, i) => (
            <li key={i}>{withTableLinks(w, tableIds, onTable)}</li>
          ))}
        </ul>
      </details>
      <button className="link" onClick={() => setDismissed(true)} aria-label="Dismiss warnings">
        Dismiss
      </button>
    </section>
  );
}
