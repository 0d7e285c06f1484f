import type { ImportItemResult } from '../../../shared/library/document';

export function ImportReport({
  items,
  onDismiss,
}: {
  items: ImportItemResult[];
  onDismiss: () => void;
}) {
  if (items.length === 0) return null;
  const failed = items.filter((i) => !i.ok);
  return (
    <section
      className={failed.length ? 'report report-error' : 'report'}
      role={failed.length ? 'alert' : 'status'}
    >
      <header>
        <strong>
          {items.length - failed.length} imported
          {failed.length ? `, ${failed.length} not imported` : ''}
        </strong>
        <button className="link" onClick={onDismiss} aria-label="Dismiss import report">
          Dismiss
        </button>
      </header>
      <ul>
        {items.map((item, i) =>
          item.ok ? (
            <li key={i} className="ok">
              {item.name} — stored as #{item.document.id}
            </li>
          ) : (
            <li key={i} className="failed">
              {item.error.message} <span className="code">[{item.error.code}]</span>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
