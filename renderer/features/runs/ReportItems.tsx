import { useId, useMemo, useState } from 'react';
import { numberText } from '../../../shared/runs/answer-text';
import type { RunReport } from '../../../shared/runs/report';
import { runItemStore, runReportStore, useRunItem, useRunReport } from '../../stores/runs';
import { filterItems, type ItemFilter } from '../../stores/runs/report-filter';
import { ImportReport } from './ImportReport';
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
          {items.length} of {report.items.length} items
          {filter.cause ? ` · cause: ${filter.cause}` : ''}
        </span>
      </div>
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
              <tr
                key={it.externalId}
                className={`${it.correct ? 'item-right' : 'item-wrong'}${it.questionId !== null ? ' item-openable' : ''}${open !== undefined && open.questionId === it.questionId ? ' item-open' : ''}`}
                tabIndex={it.questionId !== null ? 0 : undefined}
                aria-label={it.questionId !== null ? `Item ${it.externalId}` : undefined}
                title={it.questionId !== null ? 'Show the item (Enter; ↑ ↓ move)' : undefined}
                onClick={(e) => {
                  // The id link opens the question screen itself.
                  if (!(e.target instanceof HTMLAnchorElement)) show(it.questionId, it.externalId);
                }}
                onKeyDown={(e) => {
                  if (e.target !== e.currentTarget) return;
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    show(it.questionId, it.externalId);
                  } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                    // Row to row; with the panel open it follows the focused row.
                    const next =
                      e.key === 'ArrowDown'
                        ? e.currentTarget.nextElementSibling
                        : e.currentTarget.previousElementSibling;
                    if (!(next instanceof HTMLTableRowElement) || next.tabIndex < 0) return;
                    e.preventDefault();
                    next.focus();
                    if (open) next.click();
                  }
                }}
              >
                <td className="question">
                  {it.questionId !== null ? (
                    <a href={`#/question/${it.questionId}`} title={`Dataset id: ${it.externalId}`}>
                      {it.question?.trim() || it.externalId}
                    </a>
                  ) : (
                    <span
                      title={`Dataset id: ${it.externalId} (the question was removed from the dataset)`}
                    >
                      {it.question?.trim() || 'removed from the dataset'}
                    </span>
                  )}
                </td>
                <td>{it.subset}</td>
                <td className="answer">{it.answer === null ? '–' : numberText(it.answer)}</td>
                <td>{it.outcome ?? 'not graded'}</td>
                <td className="rule">{it.rule ?? ''}</td>
                <td>{it.cause ?? ''}</td>
                <td className="verdicts">
                  {scorers.map((s) => {
                    const v = it.verdicts[s];
                    if (!v) return null;
                    return (
                      <span
                        key={s}
                        className={v.correct ? 'verdict right' : 'verdict wrong'}
                        title={`${scorerLabel(s)}: ${v.outcome}, ${v.rule}`}
                      >
                        {v.correct ? '✓' : '✗'} {scorerLabel(s)}
                      </span>
                    );
                  })}
                </td>
              </tr>
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
