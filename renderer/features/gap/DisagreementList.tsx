import type { GapItem } from '../../../shared/gap/gap-report';

/**
 * Paired questions where one side was right and the other wrong, with both answers and the
 * gold. Answers are model and expert text: rendered as text nodes only, never as HTML.
 */
export function DisagreementList({ items }: { items: readonly GapItem[] }) {
  if (items.length === 0)
    return (
      <p className="hint">
        No disagreements: on every paired question both were right or both wrong.
      </p>
    );
  return (
    <div className="table-scroll">
      <table className="documents gap-disagreements" aria-label="Disagreements">
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Subset</th>
            <th scope="col">Right</th>
            <th scope="col">Expert answer</th>
            <th scope="col">Model answer</th>
            <th scope="col">Gold</th>
            <th scope="col">Expert time</th>
          </tr>
        </thead>
        <tbody>
          {items.map((d) => (
            <tr key={d.questionId}>
              <td>
                <a href={`#/question/${d.questionId}`} title={d.externalId}>
                  {d.question}
                </a>
              </td>
              <td>{d.subset}</td>
              <td className={d.human.correct ? 'gap-right-expert' : 'gap-right-model'}>
                {d.human.correct ? 'expert' : 'model'}
              </td>
              <td className="answer">
                {d.human.answer ?? '–'}
                {d.human.rule && <div className="rule">{d.human.rule}</div>}
              </td>
              <td className="answer">
                {d.model?.answer ?? '–'}
                {d.model?.rule && <div className="rule">{d.model.rule}</div>}
              </td>
              <td className="answer">{d.gold}</td>
              <td className="num">{d.human.activeSeconds.toFixed(1)} s</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
