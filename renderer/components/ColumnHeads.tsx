/** A table's column headings; an empty name heads a column of buttons. */
export function ColumnHeads({ names }: { names: readonly string[] }) {
  return (
    <thead>
      <tr>
        {names.map((n, i) => (
          <th key={`${i}-${n}`} scope="col">
            {n}
          </th>
        ))}
      </tr>
    </thead>
  );
}
