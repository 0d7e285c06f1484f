import type { DatasetSummary } from '../../../shared/api/contract';

/** Benchmark datasets read into documents and questions (from here, the CLI or the API). */
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
              onKeyDown={(e) => (e.key === 'Delete' || e.key === 'Backspace') && onRemove(d)}
            >
              <td className="name">{d.name}</td>
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
