import { useEffect, useRef, useState } from 'react';
import type { DatasetFormat } from '../../../shared/datasets';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import type { FormatGuess } from '../../stores/library/library-store';
import type { LibraryView, SortKey } from '../../stores/library/library-view';
import {
  formatBytes,
  formatImported,
  formatPeriod,
  kindLabel,
  LIBRARY_PAGE_ROWS,
  shortKindLabel,
} from './format';
import { ReadAsDataset } from './ReadAsDatasetLazy';

interface Props {
  /** Already searched, filtered and sorted (renderer/stores/library/library-view.ts). */
  documents: LibraryEntry[];
  /**
   * Changes when the search, filter or sort does: the table starts again at its first page.
   * (A refresh of the same view, such as facts arriving, keeps the rows drawn so far.)
   */
  viewKey: string;
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
 * to remove it; arrows move between rows, Home and End go to the first and the last (drawing
 * the rest first). Long names are cut with an ellipsis (the whole name is the link's title).
 * Rows are drawn a page at a time (LIBRARY_PAGE_ROWS): more as the end scrolls into view.
 */
export function DocumentTable({
  documents,
  viewKey,
  sort,
  formatGuesses,
  busy,
  onSort,
  onRemove,
  onReadDataset,
}: Props) {
  const [limit, setLimit] = useState(LIBRARY_PAGE_ROWS);
  const [limitFor, setLimitFor] = useState(viewKey);
  // A row the keyboard moved to before it was drawn: focused once it is.
  const focusAt = useRef<number | null>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const more = useRef<HTMLTableRowElement>(null);
  // A new search, filter or sort starts again at the first page, in the same render (React's
  // state-from-props pattern), so a keystroke never draws the longer list first.
  if (limitFor !== viewKey) {
    setLimitFor(viewKey);
    setLimit(LIBRARY_PAGE_ROWS);
  }
  const shown = documents.length > limit ? documents.slice(0, limit) : documents;
  const hasMore = shown.length < documents.length;

  useEffect(() => {
    const row = more.current;
    if (!row || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setLimit((l) => l + LIBRARY_PAGE_ROWS);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(row);
    return () => observer.disconnect();
  }, [hasMore, shown.length]);

  const focusRow = (index: number) =>
    (body.current?.children[index] as HTMLElement | undefined)?.focus();
  useEffect(() => {
    const at = focusAt.current;
    if (at === null || at >= shown.length) return;
    focusAt.current = null;
    focusRow(at);
  }, [shown.length]);
  // Keyboard moves to a row not drawn yet: draw up to it, then focus it.
  const moveTo = (index: number) => {
    const to = Math.max(0, Math.min(index, documents.length - 1));
    if (to < shown.length) return focusRow(to);
    focusAt.current = to;
    setLimit(to + 1);
  };

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
      <tbody ref={body}>
        {shown.map((d, i) => (
          <tr
            key={d.id}
            tabIndex={0}
            data-document-id={d.id}
            onKeyDown={(e) => {
              if (e.target !== e.currentTarget) return;
              if (e.key === 'Delete' || e.key === 'Backspace') onRemove(d);
              if (e.key === 'Enter' && opens(d)) window.location.hash = `#/document/${d.id}`;
              const to =
                e.key === 'ArrowDown'
                  ? i + 1
                  : e.key === 'ArrowUp'
                    ? i - 1
                    : e.key === 'Home'
                      ? 0
                      : e.key === 'End'
                        ? documents.length - 1
                        : null;
              if (to !== null) {
                e.preventDefault();
                moveTo(to);
              }
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
              <ImportedAt iso={d.importedAt} />
            </td>
            <td className="row-actions">
              <button className="link" onClick={() => onRemove(d)} aria-label={`Remove ${d.name}`}>
                Remove
              </button>
            </td>
          </tr>
        ))}
        {hasMore && (
          <tr ref={more} className="more-rows">
            <td colSpan={columns.length + 1}>
              <button className="link" onClick={() => setLimit((l) => l + LIBRARY_PAGE_ROWS)}>
                Show more ({shown.length} of {documents.length} shown)
              </button>
            </td>
          </tr>
        )}
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

function ImportedAt({ iso }: { iso: string }) {
  const { day, full } = formatImported(iso);
  return (
    <time dateTime={iso} title={full}>
      {day}
    </time>
  );
}
