import { useEffect, useMemo, useState } from 'react';
import { groupByCompany } from '../../../shared/library/company-groups';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import type { Grouping } from '../../stores/library/grouping';
import {
  kindCounts,
  narrowDocuments,
  sortDocuments,
  warmSearch,
  type LibraryView,
} from '../../stores/library/library-view';

/**
 * The documents the Library shows for its view (sorted, then narrowed by the search and the
 * kind), how many there are of each kind, and the shown ones by company when grouped.
 */
export function useShownDocuments(
  documents: LibraryEntry[],
  view: LibraryView,
  grouping: Grouping,
) {
  // Sorted once per list and sort; a keystroke in the search only filters (order kept).
  const sorted = useMemo(() => sortDocuments(documents, view.sort), [documents, view.sort]);
  // Each keystroke that extends the query searches only the previous matches (kept in state,
  // updated in the same render: React's state-from-props pattern).
  const [filter, setFilter] = useState(() => narrowDocuments(undefined, sorted, view));
  let current = filter;
  if (
    filter.source !== sorted ||
    filter.kind !== view.kind ||
    filter.query !== view.query.toLowerCase()
  ) {
    current = narrowDocuments(filter, sorted, view);
    setFilter(current);
  }
  const shown = current.result;
  // The search text of every document is made while the page is idle, before the first key.
  useEffect(() => warmSearch(documents), [documents]);
  const counts = useMemo(() => kindCounts(documents), [documents]);
  const groups = useMemo(
    () => (grouping === 'company' ? groupByCompany(shown) : []),
    [grouping, shown],
  );
  return { shown, counts, groups };
}
