import type { LibraryView, SortKey } from '../../stores/library/library-view';

export const columns: { key: SortKey; label: string; className?: string }[] = [
  { key: 'name', label: 'Name', className: 'col-name' },
  { key: 'company', label: 'Company', className: 'col-company' },
  { key: 'form', label: 'Form', className: 'col-form' },
  { key: 'period', label: 'Period', className: 'col-period' },
  { key: 'fiscalYear', label: 'FY', className: 'col-fy num' },
  { key: 'kind', label: 'Kind', className: 'col-kind' },
  { key: 'size', label: 'Size', className: 'col-size num' },
  { key: 'imported', label: 'Imported', className: 'col-imported' },
];

/** The document table's columns and headers; a header sorts by its column (again: reversed). */
export function DocumentTableHead({
  sort,
  onSort,
}: {
  sort: LibraryView['sort'];
  onSort: (key: SortKey) => void;
}) {
  return (
    <>
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
    </>
  );
}
