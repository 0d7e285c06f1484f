import { useEffect, useRef, useState } from 'react';
import type { DatasetFormat } from '../../../shared/datasets';
import type { CompanyGroup } from '../../../shared/library/company-groups';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import { fiscalPeriodLabel } from '../../../shared/library/filing-labels';
import type { FormatGuess } from '../../stores/library/library-store';
import {
  COMPANY_MORE_ROWS,
  COMPANY_PAGE_ROWS,
  COMPANY_PAGE_SECTIONS,
  formatPeriod,
  kindLabel,
  shortKindLabel,
} from './format';
import { ReadAsDataset } from './ReadAsDatasetLazy';
import { useMoreInView } from './use-more-in-view';
import './company-groups.css';

interface Props {
  /** Already searched and filtered, grouped by shared/library/company-groups. */
  groups: CompanyGroup[];
  /** Changes when the search or filter does: every section starts again at its first rows. */
  viewKey: string;
  /** Dataset files' format guesses by document id (a dataset file lands in "Other documents"). */
  formatGuesses: Record<number, FormatGuess>;
  busy: boolean;
  onRemove: (doc: LibraryEntry) => void;
  onReadDataset: (doc: LibraryEntry, format: DatasetFormat) => void;
}

type RowProps = Omit<Props, 'groups' | 'viewKey'> & { doc: LibraryEntry };

const opens = (d: LibraryEntry) => d.kind === 'sec-html' || d.kind === 'pdf';

/**
 * The Library by filer: one section per company (its name as a heading; filings without a known
 * filer under "Other documents"), each a table of its filings newest period first with form,
 * period end and fiscal period ("FY2024", "Q2 2025"). Company names come from the files and
 * are shown as text only. Rows are focusable: Enter opens a filing, arrows move between rows,
 * Delete asks to remove.
 *
 * Drawn a page at a time, as the one list is: each section its newest COMPANY_PAGE_ROWS filings
 * and a "Show more" button, the first COMPANY_PAGE_SECTIONS sections and more as their end
 * scrolls into view. Drawing every row of a sector's 2,000 filings took a second.
 */
export function CompanyGroups({ groups, viewKey, ...rowProps }: Props) {
  const [sections, setSections] = useState(COMPANY_PAGE_SECTIONS);
  // Rows drawn per section (by group key) beyond the first page.
  const [rows, setRows] = useState<ReadonlyMap<string, number>>(new Map());
  const [rowsFor, setRowsFor] = useState(viewKey);
  // A new search or filter starts again at the first page (in the same render, as the list does).
  if (rowsFor !== viewKey) {
    setRowsFor(viewKey);
    setSections(COMPANY_PAGE_SECTIONS);
    setRows(new Map());
  }
  const more = useRef<HTMLDivElement>(null);
  const drawn = groups.length > sections ? groups.slice(0, sections) : groups;
  const hasMore = drawn.length < groups.length;
  useMoreInView(more, () => setSections((n) => n + COMPANY_PAGE_SECTIONS), drawn.length, hasMore);

  return (
    <div className="company-groups">
      {drawn.map((g, i) => {
        const key = g.key ?? '\u0000other';
        return (
          <CompanySection
            key={key}
            group={g}
            headingId={`company-group-${i}`}
            limit={rows.get(key) ?? COMPANY_PAGE_ROWS}
            onLimit={(n) => setRows((m) => new Map(m).set(key, n))}
            {...rowProps}
          />
        );
      })}
      {hasMore && (
        <div ref={more} className="more-rows">
          <button className="link" onClick={() => setSections((n) => n + COMPANY_PAGE_SECTIONS)}>
            Show more companies ({drawn.length} of {groups.length} shown)
          </button>
        </div>
      )}
    </div>
  );
}

interface SectionProps extends Omit<RowProps, 'doc'> {
  group: CompanyGroup;
  headingId: string;
  /** How many of its filings are drawn. */
  limit: number;
  onLimit: (n: number) => void;
}

function CompanySection({ group: g, headingId: id, limit, onLimit, ...rowProps }: SectionProps) {
  const title = g.company ?? 'Other documents';
  const n = g.documents.length;
  const shown = n > limit ? g.documents.slice(0, limit) : g.documents;
  const body = useRef<HTMLTableSectionElement>(null);
  // A row the keyboard moved to before it was drawn: focused once it is.
  const focusAt = useRef<number | null>(null);
  const focusRow = (index: number) =>
    (body.current?.children[index] as HTMLElement | undefined)?.focus();
  useEffect(() => {
    const at = focusAt.current;
    if (at === null || at >= shown.length) return;
    focusAt.current = null;
    focusRow(at);
  }, [shown.length]);
  const moveTo = (index: number) => {
    const to = Math.max(0, Math.min(index, n - 1));
    if (to < shown.length) return focusRow(to);
    focusAt.current = to;
    onLimit(Math.max(to + 1, limit + COMPANY_PAGE_ROWS));
  };
  return (
    <section aria-labelledby={id} className="company-group">
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
        <tbody ref={body}>
          {shown.map((d, i) => (
            <FilingRow key={d.id} doc={d} index={i} last={n - 1} moveTo={moveTo} {...rowProps} />
          ))}
        </tbody>
      </table>
      {shown.length < n && (
        <div className="more-rows">
          <button
            className="link"
            aria-label={`Show more filings of ${title} (${shown.length} of ${n} shown)`}
            onClick={() => onLimit(limit + COMPANY_MORE_ROWS)}
          >
            Show more ({shown.length} of {n} shown)
          </button>
        </div>
      )}
    </section>
  );
}

const dash = <span className="muted">—</span>;

interface FilingRowProps extends RowProps {
  index: number;
  /** The section's last filing's index (drawn or not). */
  last: number;
  /** Focuses the section's row at an index, drawing it first when it is not yet. */
  moveTo: (index: number) => void;
}

function FilingRow({
  doc: d,
  index,
  last,
  moveTo,
  formatGuesses,
  busy,
  onRemove,
  onReadDataset,
}: FilingRowProps) {
  const f = d.facts;
  return (
    <tr
      tabIndex={0}
      data-document-id={d.id}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget) return;
        if (e.key === 'Delete' || e.key === 'Backspace') onRemove(d);
        if (e.key === 'Enter' && opens(d)) window.location.hash = `#/document/${d.id}`;
        const to =
          e.key === 'ArrowDown'
            ? index + 1
            : e.key === 'ArrowUp'
              ? index - 1
              : e.key === 'Home'
                ? 0
                : e.key === 'End'
                  ? last
                  : null;
        if (to !== null) {
          e.preventDefault();
          moveTo(to);
        }
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
