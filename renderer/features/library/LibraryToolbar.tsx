import { libraryStore } from '../../stores/library';
import type { Grouping } from '../../stores/library/grouping';
import type { KindFilter, LibraryView } from '../../stores/library/library-view';
import { kindLabel } from './format';

/** The document list's search, kind filter and grouping, and how many documents are shown. */
export function LibraryToolbar({
  view,
  grouping,
  counts,
  total,
  shown,
}: {
  view: LibraryView;
  grouping: Grouping;
  /** Documents of each kind. */
  counts: ReadonlyMap<string, number>;
  total: number;
  shown: number;
}) {
  const actions = libraryStore.getState();
  return (
    <div className="library-toolbar" role="search">
      <input
        type="search"
        aria-label="Search documents"
        placeholder="Search name, company, form, year…"
        value={view.query}
        onChange={(e) => actions.setQuery(e.currentTarget.value)}
      />
      <select
        aria-label="Kind"
        value={view.kind}
        onChange={(e) => actions.setKindFilter(e.currentTarget.value as KindFilter)}
      >
        <option value="all">All kinds ({total})</option>
        {[...counts].map(([kind, n]) => (
          <option key={kind} value={kind}>
            {kindLabel[kind] ?? kind} ({n})
          </option>
        ))}
      </select>
      <select
        aria-label="Group"
        value={grouping}
        onChange={(e) => actions.setGrouping(e.currentTarget.value as Grouping)}
      >
        <option value="list">One list</option>
        <option value="company">Group by company</option>
      </select>
      <span className="hint" role="status" aria-live="polite">
        {shown === total ? `${total} documents` : `${shown} of ${total} documents`}
      </span>
    </div>
  );
}
