import { useId, useMemo, useState } from 'react';
import type { RunReport } from '../../../shared/runs/report';
import { runItemStore, runReportStore, useRunItem, useRunReport } from '../../stores/runs';
import { filterItems, type ItemFilter } from '../../stores/runs/report-filter';
import { ImportReport } from './ImportReport';
import { ReportItemRow } from './ReportItemRow';
import { RunItemPanel } from './RunItemPanel';
import { scorerLabel } from './run-text';

const PAGE = 200;

/**
 * Why the shown scorer's wrong items were wrong, as chips with counts; a chip filters the item
 * table to its cause (pressed again: all items).
 */
function FailureChips({ report, filter }: { report: RunReport; filter: ItemFilter }) {
  if (report.failures.length === 0) return null;
  return (
    <div className="failure-chips" role="group" aria-label="Failure causes">
      {report.failures.map((f) => {
        const on = filter.cause === f.cause;
        return (
          <button
            key={f.cause}
            type="button"
            className="chip"
            aria-pressed={on}
            onClick={() => runReportStore.getState().setFilter({ cause: on ? undefined : f.cause })}
          >
            {f.cause} <span className="chip-count">{f.count}</span>
          </button>
        );
      })}
    </div>
  );
}

/** The items' text filter, outcome filter, and how many pass. */
function ItemFilters(p: {
  id: string;
  filter: ItemFilter;
  passing: number;
  total: number;
  set: (patch: Partial<ItemFilter>) => void;
}) {
  const { id, filter, set } = p;
  return (
    <div className="item-filters">
      <label htmlFor={`${id}-text`} className="visually-hidden">
        Filter items
      </label>
      <input
        id={`${id}-text`}
        type="search"
        placeholder="Filter by question, id, subset, answer or rule"
        value={filter.text}
        onChange={(e) => set({ text: e.currentTarget.value })}
      />
      <label htmlFor={`${id}-outcome`}>Outcome</label>
      <select
        id={`${id}-outcome`}
        value={filter.outcome}
        onChange={(e) => set({ outcome: e.currentTarget.value as ItemFilter['outcome'] })}
      >
        <option value="all">all</option>
        <option value="correct">correct</option>
        <option value="wrong">not correct</option>
      </select>
      <span className="hint" role="status">
        {p.passing} of {p.total} items
        {filter.cause ? ` · cause: ${filter.cause}` : ''}
      </span>
    </div>
  );
}

/**
 * The run's items through the shown scorer: the question's text (a link to the question and its
 * document; its dataset id on hover), subset, answer as text (once, in its unit), outcome, rule
 * and cause, and every scorer's verdict side by side. A row (clicked, or Enter on it) opens the
 * item's side panel. An import made from the UI reports here what became of the file's records.
 */
export function ReportItems({ report }: { report: RunReport }) {
  const id = useId();
  const open = useRunItem((s) => (s.open?.runId === report.runId ? s.open : undefined));
  const show = (questionId: number | null, externalId: string) => {
    if (questionId !== null)
      void runItemStore.getState().show(report.runId, questionId, externalId);
  };
  const filter = useRunReport((s) => s.filter);
  const [shown, setShown] = useState(PAGE);
  const items = useMemo(() => filterItems(report.items, filter), [report.items, filter]);
  const scorers = report.scorers.map((s) => s.scorer);
  const set = (patch: Partial<ItemFilter>) => {
    setShown(PAGE);
    runReportStore.getState().setFilter(patch);
  };
  return (
    <section aria-labelledby="report-items">
      <h2 id="report-items">Items</h2>
      <ImportReport runId={report.runId} />
      <h3 className="subhead">Failure attribution ({scorerLabel(report.scorer)})</h3>
      <FailureChips report={report} filter={filter} />
      <ItemFilters
        id={id}
        filter={filter}
        passing={items.length}
        total={report.items.length}
        set={set}
      />
      <div className="table-scroll">
        <table className="documents runs-table report-items" aria-label="Items">
          <thead>
            <tr>
              <th>Question</th>
              <th>Subset</th>
              <th>Answer</th>
              <th>Outcome</th>
              <th>Rule</th>
              <th>Cause</th>
              <th>Verdicts</th>
            </tr>
          </thead>
          <tbody>
            {items.slice(0, shown).map((it) => (
              <ReportItemRow
                key={it.externalId}
                it={it}
                scorers={scorers}
                isOpen={open !== undefined && open.questionId === it.questionId}
                panelOpen={open !== undefined}
                show={show}
              />
            ))}
          </tbody>
        </table>
      </div>
      {items.length > shown && (
        <button type="button" onClick={() => setShown(shown + PAGE)}>
          Show {Math.min(PAGE, items.length - shown)} more
        </button>
      )}
      {open && <RunItemPanel externalId={open.externalId} />}
    </section>
  );
}
