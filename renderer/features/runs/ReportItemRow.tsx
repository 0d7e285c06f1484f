import type { KeyboardEvent } from 'react';
import { numberText } from '../../../shared/runs/answer-text';
import type { RunReport } from '../../../shared/runs/report';
import { scorerLabel } from './run-text';

type ReportItem = RunReport['items'][number];

/** ↑ ↓ move from row to row; with the panel open it follows the focused row. */
function moveToRow(e: KeyboardEvent<HTMLTableRowElement>, panelOpen: boolean) {
  const next =
    e.key === 'ArrowDown'
      ? e.currentTarget.nextElementSibling
      : e.currentTarget.previousElementSibling;
  if (!(next instanceof HTMLTableRowElement) || next.tabIndex < 0) return;
  e.preventDefault();
  next.focus();
  if (panelOpen) next.click();
}

/** The question as a link to it (its dataset id on hover), or said removed. */
function QuestionCell({ it }: { it: ReportItem }) {
  return (
    <td className="question">
      {it.questionId !== null ? (
        <a href={`#/question/${it.questionId}`} title={`Dataset id: ${it.externalId}`}>
          {it.question?.trim() || it.externalId}
        </a>
      ) : (
        <span title={`Dataset id: ${it.externalId} (the question was removed from the dataset)`}>
          {it.question?.trim() || 'removed from the dataset'}
        </span>
      )}
    </td>
  );
}

/** Every scorer's verdict on the item, side by side. */
function VerdictChips({ it, scorers }: { it: ReportItem; scorers: string[] }) {
  return (
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
  );
}

interface RowProps {
  it: ReportItem;
  scorers: string[];
  /** This item is the one in the side panel. */
  isOpen: boolean;
  /** The side panel is open (on any item). */
  panelOpen: boolean;
  show: (questionId: number | null, externalId: string) => void;
}

/** One item: clicked or Enter opens it in the side panel; ↑ ↓ move between rows. */
export function ReportItemRow({ it, scorers, isOpen, panelOpen, show }: RowProps) {
  return (
    <tr
      className={`${it.correct ? 'item-right' : 'item-wrong'}${it.questionId !== null ? ' item-openable' : ''}${isOpen ? ' item-open' : ''}`}
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
          moveToRow(e, panelOpen);
        }
      }}
    >
      <QuestionCell it={it} />
      <td>{it.subset}</td>
      <td className="answer">{it.answer === null ? '–' : numberText(it.answer)}</td>
      <td>{it.outcome ?? 'not graded'}</td>
      <td className="rule">{it.rule ?? ''}</td>
      <td>{it.cause ?? ''}</td>
      <VerdictChips it={it} scorers={scorers} />
    </tr>
  );
}
