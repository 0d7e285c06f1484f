import type { DocumentSummary } from '../../../shared/library/document';
import { formatBytes, kindLabel } from './format';

interface Props {
  documents: DocumentSummary[];
  onRemove: (doc: DocumentSummary) => void;
}

/** Rows are focusable; Delete or Backspace on a focused row asks to remove it. */
export function DocumentTable({ documents, onRemove }: Props) {
  return (
    <table className="documents" aria-label="Documents">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Kind</th>
          <th scope="col" className="num">
            Size
          </th>
          <th scope="col">Imported</th>
          <th scope="col">SHA-256</th>
          <th scope="col">
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
              if (e.key === 'Delete' || e.key === 'Backspace') onRemove(d);
              if (e.key === 'ArrowDown')
                (e.currentTarget.nextElementSibling as HTMLElement | null)?.focus();
              if (e.key === 'ArrowUp')
                (e.currentTarget.previousElementSibling as HTMLElement | null)?.focus();
            }}
          >
            <td className="name">{d.name}</td>
            <td>{kindLabel[d.kind] ?? d.kind}</td>
            <td className="num">{formatBytes(d.size)}</td>
            <td>
              <time dateTime={d.importedAt}>{new Date(d.importedAt).toLocaleString()}</time>
            </td>
            <td className="hash" title={d.sha256}>
              {d.sha256.slice(0, 12)}
            </td>
            <td>
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
