import { useId, useMemo } from 'react';
import { numberText } from '../../../shared/runs/answer-text';
import type { RunComparison, RunReport } from '../../../shared/runs/report';
import { compareStore, useCompare } from '../../stores/runs';
import { filterFlips, type FlipFilter } from '../../stores/runs/report-filter';

type Flip = RunComparison['flips'][number];

/** Which way the flips went: all, lost (right in A only), gained (right in B only). */
function DirectionPicker(p: { id: string; filter: FlipFilter; total: number; lost: number }) {
  const { id, filter } = p;
  const set = (patch: Partial<FlipFilter>) => compareStore.getState().setFilter(patch);
  return (
    <div role="radiogroup" aria-label="Direction" className="segmented">
      {(
        [
          ['all', `all (${p.total})`],
          ['a', `right in A, wrong in B (${p.lost})`],
          ['b', `wrong in A, right in B (${p.total - p.lost})`],
        ] as const
      ).map(([value, label]) => (
        <label key={value}>
          <input
            type="radio"
            name={`${id}-dir`}
            value={value}
            checked={filter.rightIn === value}
            onChange={() => set({ rightIn: value })}
          />{' '}
          {label}
        </label>
      ))}
    </div>
  );
}

/** The flips' filters: direction, subset, text; and how many pass. */
function FlipFilters(p: {
  id: string;
  filter: FlipFilter;
  flips: Flip[];
  subsets: string[];
  shown: number;
}) {
  const { id, filter } = p;
  const set = (patch: Partial<FlipFilter>) => compareStore.getState().setFilter(patch);
  const lost = p.flips.filter((f) => f.rightIn === 'a').length;
  return (
    <div className="item-filters">
      <DirectionPicker id={id} filter={filter} total={p.flips.length} lost={lost} />
      {p.subsets.length > 1 && (
        <>
          <label htmlFor={`${id}-subset`}>Subset</label>
          <select
            id={`${id}-subset`}
            value={filter.subset}
            onChange={(e) => set({ subset: e.currentTarget.value })}
          >
            <option value="">any</option>
            {p.subsets.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor={`${id}-text`} className="visually-hidden">
        Filter flips
      </label>
      <input
        id={`${id}-text`}
        type="search"
        placeholder="Filter by question, id, answer or rule"
        value={filter.text}
        onChange={(e) => set({ text: e.currentTarget.value })}
      />
      <span className="hint" role="status">
        {p.shown} shown
      </span>
    </div>
  );
}

/** One flip: the question, its subset, which way, and each run's answer and rule. */
function FlipRow(p: { f: Flip; question: string | null | undefined; subset: string }) {
  const { f } = p;
  return (
    <tr className={f.rightIn === 'a' ? 'flip-lost' : 'flip-gained'}>
      <td className="question">
        {f.questionId !== null ? (
          <a href={`#/question/${f.questionId}`} title={`Dataset id: ${f.externalId}`}>
            {p.question?.trim() || f.externalId}
          </a>
        ) : (
          <span title={`Dataset id: ${f.externalId}`}>{p.question?.trim() || f.externalId}</span>
        )}
      </td>
      <td>{p.subset}</td>
      <td>{f.rightIn === 'a' ? 'A ✓ → B ✗' : 'A ✗ → B ✓'}</td>
      <td className="answer">{f.a.answer === null ? '–' : numberText(f.a.answer)}</td>
      <td className="rule">{f.a.rule}</td>
      <td className="answer">{f.b.answer === null ? '–' : numberText(f.b.answer)}</td>
      <td className="rule">{f.b.rule}</td>
    </tr>
  );
}

/** The questions one run got right and the other wrong, filtered by direction, subset and text. */
export function FlipList({
  comparison,
  reportA,
}: {
  comparison: RunComparison;
  reportA: RunReport;
}) {
  const id = useId();
  const filter = useCompare((s) => s.filter);
  const subsetOf = useMemo(
    () => new Map(reportA.items.map((i) => [i.externalId, i.subset])),
    [reportA],
  );
  // The questions' texts, shown instead of their dataset ids (on hover).
  const questionOf = useMemo(
    () => new Map(reportA.items.map((i) => [i.externalId, i.question])),
    [reportA],
  );
  const flips = useMemo(
    () => filterFlips(comparison.flips, filter, subsetOf, questionOf),
    [comparison.flips, filter, subsetOf, questionOf],
  );
  return (
    <section aria-labelledby="compare-flips">
      <h2 id="compare-flips">Flips ({comparison.flips.length})</h2>
      <FlipFilters
        id={id}
        filter={filter}
        flips={comparison.flips}
        subsets={reportA.subsets.columns}
        shown={flips.length}
      />
      <div className="table-scroll">
        <table className="documents runs-table flips" aria-label="Flips">
          <thead>
            <tr>
              <th>Question</th>
              <th>Subset</th>
              <th>Direction</th>
              <th>A answer</th>
              <th>A rule</th>
              <th>B answer</th>
              <th>B rule</th>
            </tr>
          </thead>
          <tbody>
            {flips.map((f) => (
              <FlipRow
                key={f.externalId}
                f={f}
                question={questionOf.get(f.externalId)}
                subset={subsetOf.get(f.externalId) ?? ''}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
