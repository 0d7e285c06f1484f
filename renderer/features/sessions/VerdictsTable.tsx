import { durationText } from '../../stores/sessions/duration-text';
import { ColumnHeads } from '../../components/ColumnHeads';
import type { SessionResults } from '../../../shared/sessions/session';

type ResultItem = SessionResults['items'][number];

/** The expert's answer with unit, scale and confidence, or that it was not submitted. */
function AnswerCell({ answer }: { answer: ResultItem['answer'] }) {
  if (!answer?.submitted)
    return <span className="hint">{answer?.value ? 'not submitted' : 'no answer'}</span>;
  return (
    <>
      {answer.value}
      {answer.unit && ` ${answer.unit}`}
      {answer.scale && ` (${answer.scale})`}
      {answer.confidence !== null && <div className="hint">confidence {answer.confidence}/5</div>}
    </>
  );
}

/** Correct, or the outcome, with the rule that decided; or not graded. */
function VerdictCell({ verdict }: { verdict: ResultItem['verdict'] }) {
  if (!verdict) return <span className="hint">not graded</span>;
  return (
    <>
      <strong>{verdict.correct ? '✓ correct' : `✗ ${verdict.outcome}`}</strong>
      <div className="hint">{verdict.rule}</div>
    </>
  );
}

/** Each answer against gold, in the session's order. */
export function VerdictsTable({ items }: { items: ResultItem[] }) {
  return (
    <table className="results-table" aria-label="Verdicts">
      <ColumnHeads names={['#', 'Question', 'Answer', 'Gold', 'Verdict', 'Active']} />
      <tbody>
        {items.map((it, i) => (
          <tr key={it.questionId} className={it.verdict?.correct ? 'correct' : 'wrong'}>
            <td className="num">{i + 1}</td>
            <td>
              {it.question}
              <div className="hint">
                <code>{it.externalId}</code> · {it.type}
              </div>
            </td>
            <td>
              <AnswerCell answer={it.answer} />
            </td>
            <td>{it.gold}</td>
            <td>
              <VerdictCell verdict={it.verdict} />
            </td>
            <td className="num">{durationText(it.activeSeconds)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
