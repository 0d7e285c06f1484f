import type { CompanyGroup } from '../../../shared/library/company-groups';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import { libraryStore } from '../../stores/library';
import type { Grouping } from '../../stores/library/grouping';
import type { FormatGuess } from '../../stores/library/library-store';
import type { LibraryView } from '../../stores/library/library-view';
import { CompanyGroups } from './CompanyGroups';
import { DocumentTable } from './DocumentTable';
import { LibraryToolbar } from './LibraryToolbar';

interface Props {
  documents: LibraryEntry[];
  /** The documents the view's search and kind leave, in its order. */
  shown: LibraryEntry[];
  /** Documents of each kind. */
  counts: ReadonlyMap<string, number>;
  groups: CompanyGroup[];
  view: LibraryView;
  grouping: Grouping;
  formatGuesses: Record<number, FormatGuess>;
  busy: boolean;
  onRemove: (doc: { id: number; name: string }) => void;
}

/** The documents: the toolbar, then one table or a section per company, or "No document matches". */
export function LibraryDocuments({
  documents,
  shown,
  counts,
  groups,
  view,
  grouping,
  formatGuesses,
  busy,
  onRemove,
}: Props) {
  const actions = libraryStore.getState();
  return (
    <>
      <LibraryToolbar
        view={view}
        grouping={grouping}
        counts={counts}
        total={documents.length}
        shown={shown.length}
      />
      {grouping === 'company' ? (
        <CompanyGroups
          groups={groups}
          viewKey={`${view.query}\u0000${view.kind}`}
          formatGuesses={formatGuesses}
          busy={busy}
          onReadDataset={(d, format) => void actions.readDataset(d.id, format)}
          onRemove={onRemove}
        />
      ) : (
        <DocumentTable
          documents={shown}
          viewKey={`${view.query}\u0000${view.kind}\u0000${view.sort.key}\u0000${view.sort.direction}`}
          sort={view.sort}
          formatGuesses={formatGuesses}
          onSort={(key) => actions.sortBy(key)}
          busy={busy}
          onReadDataset={(d, format) => void actions.readDataset(d.id, format)}
          onRemove={onRemove}
        />
      )}
      {shown.length === 0 && (
        <p className="hint">
          No document matches.{' '}
          <button
            className="link"
            onClick={() => {
              actions.setQuery('');
              actions.setKindFilter('all');
            }}
          >
            Show all
          </button>
        </p>
      )}
    </>
  );
}
