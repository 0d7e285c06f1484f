import type { FactsFiling, SeriesPoint } from '../../../shared/facts/company-facts';
import { periodEnd, periodText } from '../../../shared/facts/series';
import { cellHref, unitText, valueText } from './format';

interface Props {
  points: SeriesPoint[];
  filings: FactsFiling[];
  onOpen: (p: SeriesPoint) => void;
}

const periodKey = (p: SeriesPoint) =>
  'instant' in p.period ? p.period.instant : `${p.period.start}/${p.period.end}`;

/**
 * A concept's values: one row per period (newest first), one column per filing that reports
 * any of them, so a figure a later filing restated sits beside the first one. Each value is a
 * link that opens its cell selected in its table.
 */
export function ValuesTable({ points, filings, onOpen }: Props) {
  const columns = filings.filter((f) => points.some((p) => p.documentId === f.documentId));
  const rows = new Map<string, SeriesPoint[]>();
  for (const p of [...points].sort((a, b) =>
    periodEnd(a) === periodEnd(b)
      ? (a.months ?? 99) - (b.months ?? 99)
      : periodEnd(a) < periodEnd(b)
        ? 1
        : -1,
  ))
    rows.set(periodKey(p), [...(rows.get(periodKey(p)) ?? []), p]);
  const units = new Set(points.map(unitText));
  return (
    <table className="facts-values" aria-label="Values by period and filing">
      <caption>{units.size === 1 ? [...units][0] : 'Units differ: see each value'}</caption>
      <thead>
        <tr>
          <th scope="col">Period</th>
          <th scope="col">Ends</th>
          {columns.map((f) => (
            <th scope="col" key={f.documentId} title={f.name}>
              {[f.form, f.fiscalPeriod].filter(Boolean).join(' ') || f.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {[...rows].map(([key, list]) => (
          <tr key={key}>
            <th scope="row">{periodText(list[0]!)}</th>
            <td>
              <time dateTime={periodEnd(list[0]!)}>{periodEnd(list[0]!)}</time>
            </td>
            {columns.map((f) => {
              const p = list.find((x) => x.documentId === f.documentId);
              return (
                <td key={f.documentId} className="num">
                  {p ? (
                    <a
                      href={cellHref(p)}
                      onClick={(e) => {
                        e.preventDefault();
                        onOpen(p);
                      }}
                      title={`${p.rowLabel ?? p.concept} — ${unitText(p)}; table ${p.cells[0]!.tableId}, row ${p.cells[0]!.row}, column ${p.cells[0]!.col}`}
                    >
                      {valueText(p)}
                      {units.size > 1 ? ` ${unitText(p)}` : ''}
                    </a>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
