import type { DatasetFormat } from '../../../shared/datasets';
import type { CompanyGroup } from '../../../shared/library/company-groups';
import { fiscalPeriodLabel, type LibraryEntry } from '../../../shared/library/filing-facts';
import type { FormatGuess } from '../../stores/library/library-store';
import { formatPeriod, kindLabel, shortKindLabel } from './format';
import { ReadAsDataset } from './ReadAsDataset';
import './company-groups.css';

interface Props {
  /** Already searched and filtered, grouped by shared/library/company-groups. */
  groups: CompanyGroup[];
  /** Dataset files' format guesses by document id (a dataset file lands in "Other documents"). */
  formatGuesses: Record<number, FormatGuess>;
  busy: boolean;
  onRemove: (doc: LibraryEntry) => void;
  onReadDataset: (doc: LibraryEntry, format: DatasetFormat) => void;
}

type RowProps = Omit<Props, 'groups'> & { doc: LibraryEntry };

const opens = (d: LibraryEntry) => d.kind === 'sec-html' || d.kind === 'pdf';

/**
 * The Library by filer: one section per company (its name as a heading; filings without a known
 * filer under "Other documents"), each a table of its filings newest period first with form,
 * period end and fiscal period ("FY2024", "Q2 2025"). Company names come from the files and
 * are shown as text only. Rows are focusable: Enter opens a filing, arrows move between rows,
 * Delete asks to remove.
 */
export function CompanyGroups({ groups, ...rowProps }: Props) {
  return (
    <div className="company-groups">
      {groups.map((g, i) => {
        const id = `company-group-${i}`;
        const title = g.company ?? 'Other documents';
        const n = g.documents.length;
        return (
          <section key={g.key ?? '\u0000other'} aria-labelledby={id} className="company-group">
            <div className="company-heading">
              <h2 id={id}>
                {title} <span className="hint">({n === 1 ? '1 document' : `${n} documents`})</span>
              </h2>
              {g.key !== null && (
                <span className="company-links">
                  {g.cik && <span className="hint">CIK {g.cik}</span>}
                  <a href={`#/facts/${encodeURIComponent(g.key)}`} aria-label={`Facts of ${title}`}>
                    Facts and trends
                  </a>
                </span>
              )}
            </div>
            <table className="documents company-filings" aria-label={`Filings of ${title}`}>
              <colgroup>
                <col className="col-form" />
                <col className="col-period" />
                <col className="col-fy" />
                <col className="col-name" />
                <col className="col-kind" />
                <col className="col-actions" />
              </colgroup>
              <thead>
                <tr>
                  <th scope="col">Form</th>
                  <th scope="col">Period end</th>
                  <th scope="col">Fiscal period</th>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {g.documents.map((d) => (
                  <FilingRow key={d.id} doc={d} {...rowProps} />
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}

const dash = <span className="muted">—</span>;

function FilingRow({ doc: d, formatGuesses, busy, onRemove, onReadDataset }: RowProps) {
  const f = d.facts;
  return (
    <tr
      tabIndex={0}
      data-document-id={d.id}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget) return;
        if (e.key === 'Delete' || e.key === 'Backspace') onRemove(d);
        if (e.key === 'Enter' && opens(d)) window.location.hash = `#/document/${d.id}`;
        if (e.key === 'ArrowDown')
          (e.currentTarget.nextElementSibling as HTMLElement | null)?.focus();
        if (e.key === 'ArrowUp')
          (e.currentTarget.previousElementSibling as HTMLElement | null)?.focus();
      }}
    >
      {d.kind === 'dataset' ? (
        // A dataset file has no cover page: its three fact columns hold the format picker.
        <td colSpan={3} className="dataset-read">
          <ReadAsDataset
            name={d.name}
            guess={formatGuesses[d.id]}
            busy={busy}
            onRead={(format) => onReadDataset(d, format)}
          />
        </td>
      ) : (
        <>
          <td className="form">{f?.form ?? dash}</td>
          <td className="period">
            {f?.periodEnd ? <time dateTime={f.periodEnd}>{formatPeriod(f.periodEnd)}</time> : dash}
          </td>
          <td className="fiscal">{fiscalPeriodLabel(f) ?? dash}</td>
        </>
      )}
      <td className="name" title={d.name}>
        {opens(d) ? <a href={`#/document/${d.id}`}>{d.name}</a> : d.name}
        {f === null && d.kind !== 'dataset' && <span className="muted"> (reading…)</span>}
      </td>
      <td title={kindLabel[d.kind] ?? d.kind}>{shortKindLabel[d.kind] ?? d.kind}</td>
      <td className="row-actions">
        <button className="link" onClick={() => onRemove(d)} aria-label={`Remove ${d.name}`}>
          Remove
        </button>
      </td>
    </tr>
  );
}
