import type { DatasetFormat } from '../../../shared/datasets';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import type { FormatGuess } from '../../stores/library/library-store';
import { formatBytes, formatImported, formatPeriod, kindLabel, shortKindLabel } from './format';
import { ReadAsDataset } from './ReadAsDatasetLazy';

/** A filing or a PDF opens in the document view; other files do not. */
const opens = (d: LibraryEntry) => d.kind === 'sec-html' || d.kind === 'pdf';

/** The row a key moves to from row `i` of `total` (null: the key does not move). */
function rowAfterKey(key: string, i: number, total: number): number | null {
  return key === 'ArrowDown'
    ? i + 1
    : key === 'ArrowUp'
      ? i - 1
      : key === 'Home'
        ? 0
        : key === 'End'
          ? total - 1
          : null;
}

/** Company, form, period and fiscal year; "reading…" until the background read is done. */
function FactCells({ doc }: { doc: LibraryEntry }) {
  const f = doc.facts;
  if (!f)
    return (
      <>
        <td className="company muted">reading…</td>
        <td />
        <td />
        <td />
      </>
    );
  const from = f.source === 'xbrl' ? 'inline XBRL cover facts' : 'the cover page text';
  return (
    <>
      <td className="company" title={f.company ? `${f.company} (from ${from})` : undefined}>
        {f.company ?? <span className="muted">—</span>}
      </td>
      <td>{f.form ?? <span className="muted">—</span>}</td>
      <td>
        {f.periodEnd ? (
          <time dateTime={f.periodEnd}>{formatPeriod(f.periodEnd)}</time>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td className="num">{f.fiscalYear ?? <span className="muted">—</span>}</td>
    </>
  );
}

function ImportedAt({ iso }: { iso: string }) {
  const { day, full } = formatImported(iso);
  return (
    <time dateTime={iso} title={full}>
      {day}
    </time>
  );
}

interface Props {
  doc: LibraryEntry;
  /** Its place in the list, and the list's length (for the arrow keys, Home and End). */
  index: number;
  total: number;
  formatGuess: FormatGuess | undefined;
  busy: boolean;
  moveTo: (index: number) => void;
  onRemove: (doc: LibraryEntry) => void;
  onReadDataset: (doc: LibraryEntry, format: DatasetFormat) => void;
}

/**
 * One file of the Library: focusable; Enter opens a filing or PDF, Delete or Backspace asks to
 * remove it, the arrows, Home and End move between rows.
 */
export function DocumentRow({
  doc: d,
  index: i,
  total,
  formatGuess,
  busy,
  moveTo,
  onRemove,
  onReadDataset,
}: Props) {
  return (
    <tr
      tabIndex={0}
      data-document-id={d.id}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget) return;
        if (e.key === 'Delete' || e.key === 'Backspace') onRemove(d);
        if (e.key === 'Enter' && opens(d)) window.location.hash = `#/document/${d.id}`;
        const to = rowAfterKey(e.key, i, total);
        if (to !== null) {
          e.preventDefault();
          moveTo(to);
        }
      }}
    >
      <td className="name" title={`${d.name}\nSHA-256 ${d.sha256}`}>
        {opens(d) ? <a href={`#/document/${d.id}`}>{d.name}</a> : d.name}
      </td>
      {d.kind === 'dataset' ? (
        // A dataset file has no cover page: its four fact columns hold the format picker.
        <td colSpan={4} className="dataset-read">
          <ReadAsDataset
            name={d.name}
            guess={formatGuess}
            busy={busy}
            onRead={(f) => onReadDataset(d, f)}
          />
        </td>
      ) : (
        <FactCells doc={d} />
      )}
      <td title={kindLabel[d.kind] ?? d.kind}>{shortKindLabel[d.kind] ?? d.kind}</td>
      <td className="num">{formatBytes(d.size)}</td>
      <td>
        <ImportedAt iso={d.importedAt} />
      </td>
      <td className="row-actions">
        <button className="link" onClick={() => onRemove(d)} aria-label={`Remove ${d.name}`}>
          Remove
        </button>
      </td>
    </tr>
  );
}
