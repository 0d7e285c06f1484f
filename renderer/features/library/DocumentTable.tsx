import type { DatasetFormat } from '../../../shared/datasets';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import type { FormatGuess } from '../../stores/library/library-store';
import type { LibraryView, SortKey } from '../../stores/library/library-view';
import { DocumentRow } from './DocumentRow';
import { columns, DocumentTableHead } from './DocumentTableHead';
import { usePagedRows } from './use-paged-rows';

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
  const { shown, hasMore, body, more, moveTo, showMore } = usePagedRows(documents, viewKey);

  return (
    <table className="documents library-documents" aria-label="Documents">
      <DocumentTableHead sort={sort} onSort={onSort} />
      <tbody ref={body}>
        {shown.map((d, i) => (
          <DocumentRow
            key={d.id}
            doc={d}
            index={i}
            total={documents.length}
            formatGuess={formatGuesses[d.id]}
            busy={busy}
            moveTo={moveTo}
            onRemove={onRemove}
            onReadDataset={onReadDataset}
          />
        ))}
        {hasMore && (
          <tr ref={more} className="more-rows">
            <td colSpan={columns.length + 1}>
              <button className="link" onClick={showMore}>
                Show more ({shown.length} of {documents.length} shown)
              </button>
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
