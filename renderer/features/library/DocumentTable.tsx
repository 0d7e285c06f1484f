import type { DatasetFormat } from '../../../shared/datasets';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import type { FormatGuess } from '../../stores/library/library-store';
import type { LibraryView, SortKey } from '../../stores/library/library-view';
import { formatBytes, formatPeriod, kindLabel, shortKindLabel } from './format';
import { ReadAsDataset } from './ReadAsDataset';

interface Props {
  /** Already searched, filtered and sorted (renderer/stores/library/library-view.ts). */
  documents: LibraryEntry[];
  sort: LibraryView['sort'];
  /** Dataset files' format guesses by document id (renderer/stores/library). */
  formatGuesses: Record<number, FormatGuess>;
  busy: boolean;
  onSort: (key: SortKey) => void;
  onRemove: (doc: LibraryEntry) => void;
  onReadDataset: (doc: LibraryEntry, format: DatasetFormat) => void;
}

const columns: { key: SortKey; label: string; className?: string }[] = [
  { key: 'name', label: 'Name', className: 'col-name' },
  { key: 'company', label: 'Company', className: 'col-company' },
  { key: 'form', label: 'Form', className: 'col-form' },
  { key: 'period', label: 'Period', className: 'col-period' },
  { key: 'fiscalYear', label: 'FY', className: 'col-fy num' },
  { key: 'kind', label: 'Kind', className: 'col-kind' },
  { key: 'size', label: 'Size', className: 'col-size num' },
  { key: 'imported', label: 'Imported', className: 'col-imported' },
];

const opens = (d: LibraryEntry) => d.kind === 'sec-html' || d.kind === 'pdf';

/**
 * The Library's files with what their cover pages say. Column headers sort (click or Enter;
 * again to reverse). Rows are focusable; Enter opens a filing or PDF, Delete or Backspace asks
 * to remove it. Long names are cut with an ellipsis (the whole name is the link's title).
 */
export function DocumentTable({
  documents,
  sort,
  formatGuesses,
  busy,
  onSort,
  onRemove,
  onReadDataset,
}: Props) {
  return (
    <table className="documents library-documents" aria-label="Documents">
      <colgroup>
        {columns.map((c) => (
          <col key={c.key} className={c.className} />
        ))}
        <col className="col-actions" />
      </colgroup>
      <thead>
        <tr>
          {columns.map((c) => {
            const active = sort.key === c.key;
            return (
              <th
                key={c.key}
                scope="col"
                className={c.className}
                aria-sort={
                  active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
                }
              >
                <button className="sort" onClick={() => onSort(c.key)}>
                  {c.label}
                  <span className="sort-mark" aria-hidden="true">
                    {active ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                  </span>
                </button>
              </th>
            );
          })}
          <th scope="col" className="col-actions">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {documents.map((d) => (
          <tr
            key={d.id}
            tabIndex={0}
            data-document-id={d.id}
            onKeyDown={(e) => {
              if (e.target !== e.currentTarget) return;
              if (e.key === 'Delete' || e.key === 'Backspace') onRemove(d);
              if (e.key === 'Enter' && opens(d)) window.location.hash = `#/document/${d.id}`;
              if (e.key === 'ArrowDown')
                (e.currentTarget.nextElementSibling as HTMLElement | null)?.focus();
              if (e.key === 'ArrowUp')
                (e.currentTarget.previousElementSibling as HTMLElement | null)?.focus();
            }}
          >
            <td className="name" title={`${d.name}\nSHA-256 ${d.sha256}`}>
              {opens(d) ? <a href={`#/document/${d.id}`}>{d.name}</a> : d.name}
            </td>
            {d.kind === 'dataset' ? (
              // A dataset file has no cover page: its four fact columns hold the format picker.
              <td colSpan={4} className="dataset-read">
                <ReadAsDataset
                  name={d.name}
                  guess={formatGuesses[d.id]}
                  busy={busy}
                  onRead={(f) => onReadDataset(d, f)}
                />
              </td>
            ) : (
              <FactCells doc={d} />
            )}
            <td title={kindLabel[d.kind] ?? d.kind}>{shortKindLabel[d.kind] ?? d.kind}</td>
            <td className="num">{formatBytes(d.size)}</td>
            <td>
              <time dateTime={d.importedAt} title={new Date(d.importedAt).toLocaleString()}>
                {new Date(d.importedAt).toLocaleDateString()}
              </time>
            </td>
            <td className="row-actions">
              <button className="link" onClick={() => onRemove(d)} aria-label={`Remove ${d.name}`}>
                Remove
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Company, form, period and fiscal year; "reading…" until the background read is done. */
function FactCells({ doc }: { doc: LibraryEntry }) {
  const f = doc.facts;
  if (!f)
    return (
      <>
        <td className="company muted">reading…</td>
        <td />
        <td />
        <td />
      </>
    );
  const from = f.source === 'xbrl' ? 'inline XBRL cover facts' : 'the cover page text';
  return (
    <>
      <td className="company" title={f.company ? `${f.company} (from ${from})` : undefined}>
        {f.company ?? <span className="muted">—</span>}
      </td>
      <td>{f.form ?? <span className="muted">—</span>}</td>
      <td>
        {f.periodEnd ? (
          <time dateTime={f.periodEnd}>{formatPeriod(f.periodEnd)}</time>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td className="num">{f.fiscalYear ?? <span className="muted">—</span>}</td>
    </>
  );
}
