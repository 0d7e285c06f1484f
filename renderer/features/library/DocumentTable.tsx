import type { FileSummary } from '../../../shared/library/document';
import type { DatasetFormat } from '../../../shared/datasets';
import { formatBytes, kindLabel } from './format';
import { ReadAsDataset } from './ReadAsDataset';

interface Props {
  documents: FileSummary[];
  busy: boolean;
  onRemove: (doc: FileSummary) => void;
  onReadDataset: (doc: FileSummary, format: DatasetFormat) => void;
}

/** Rows are focusable; Enter opens a filing or PDF, Delete or Backspace asks to remove it. */
export function DocumentTable({ documents, busy, onRemove, onReadDataset }: Props) {
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
              if (e.key === 'Enter' && (d.kind === 'sec-html' || d.kind === 'pdf'))
                window.location.hash = `#/document/${d.id}`;
              if (e.key === 'ArrowDown')
                (e.currentTarget.nextElementSibling as HTMLElement | null)?.focus();
              if (e.key === 'ArrowUp')
                (e.currentTarget.previousElementSibling as HTMLElement | null)?.focus();
            }}
          >
            <td className="name">
              {d.kind === 'sec-html' || d.kind === 'pdf' ? (
                <a href={`#/document/${d.id}`}>{d.name}</a>
              ) : (
                d.name
              )}
            </td>
            <td>{kindLabel[d.kind] ?? d.kind}</td>
            <td className="num">{formatBytes(d.size)}</td>
            <td>
              <time dateTime={d.importedAt}>{new Date(d.importedAt).toLocaleString()}</time>
            </td>
            <td className="hash" title={d.sha256}>
              {d.sha256.slice(0, 12)}
            </td>
            <td className="row-actions">
              {d.kind === 'dataset' && (
                <ReadAsDataset name={d.name} busy={busy} onRead={(f) => onReadDataset(d, f)} />
              )}
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
