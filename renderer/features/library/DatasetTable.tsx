import type { DatasetSummary } from '../../../shared/api/contract';

/**
 * Benchmark datasets read into documents and questions (from here, the CLI or the API). Rows are
 * focusable; Enter opens the dataset's questions, Delete or Backspace asks to remove it.
 */
export function DatasetTable({
  datasets,
  onRemove,
}: {
  datasets: DatasetSummary[];
  onRemove: (d: DatasetSummary) => void;
}) {
  if (datasets.length === 0) return null;
  return (
    <>
      <h2 className="section-title">Datasets</h2>
      <table className="documents" aria-label="Datasets">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Format</th>
            <th scope="col" className="num">
              Documents
            </th>
            <th scope="col" className="num">
              Questions
            </th>
            <th scope="col">Imported</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {datasets.map((d) => (
            <tr
              key={d.id}
              tabIndex={0}
              data-dataset-id={d.id}
              onKeyDown={(e) => {
                if (e.target !== e.currentTarget) return;
                if (e.key === 'Delete' || e.key === 'Backspace') onRemove(d);
                if (e.key === 'Enter') window.location.hash = `#/dataset/${d.id}`;
                if (e.key === 'ArrowDown')
                  (e.currentTarget.nextElementSibling as HTMLElement | null)?.focus();
                if (e.key === 'ArrowUp')
                  (e.currentTarget.previousElementSibling as HTMLElement | null)?.focus();
              }}
            >
              <td className="name">
                <a href={`#/dataset/${d.id}`}>{d.name}</a>
              </td>
              <td>{d.format}</td>
              <td className="num">{d.documentCount.toLocaleString()}</td>
              <td className="num">{d.questionCount.toLocaleString()}</td>
              <td>
                <time dateTime={d.importedAt}>{new Date(d.importedAt).toLocaleString()}</time>
              </td>
              <td>
                <button
                  className="link"
                  onClick={() => onRemove(d)}
                  aria-label={`Remove dataset ${d.name}`}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
