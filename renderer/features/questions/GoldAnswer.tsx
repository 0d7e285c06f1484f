import type { AnswerScale, Gold } from '../../../shared/datasets/question';

/** One line for a single value (or a list of one span); null for a list of several spans. */
const answerText = (a: Gold['answer']) =>
  a === null
    ? 'not published (hidden by the dataset)'
    : Array.isArray(a)
      ? a.length === 1
        ? a[0]!
        : null
      : String(a);

/** The published answer and how it was derived, as the dataset gives them (text only). */
export function GoldAnswer({ gold, scale }: { gold: Gold; scale: AnswerScale | null }) {
  const single = answerText(gold.answer);
  return (
    <dl className="gold-answer" aria-label="Gold answer">
      <dt>Answer</dt>
      <dd className="gold-value">
        {single ?? (
          <ul>
            {(gold.answer as string[]).map((a, i) => (
              <li key={i}>{a}</li>
            ))}
          </ul>
        )}
        {scale ? <span className="gold-scale"> ({scale})</span> : null}
      </dd>
      {gold.shown !== undefined && (
        <>
          <dt>As printed</dt>
          <dd>{gold.shown}</dd>
        </>
      )}
      {gold.answerFrom !== undefined && (
        <>
          <dt>From</dt>
          <dd>{gold.answerFrom}</dd>
        </>
      )}
      {gold.derivation !== undefined && (
        <>
          <dt>Derivation</dt>
          <dd>
            <code>{gold.derivation}</code>
          </dd>
        </>
      )}
      {gold.program !== undefined && (
        <>
          <dt>Program</dt>
          <dd>
            <code className="gold-program">{gold.program}</code>
          </dd>
        </>
      )}
      {gold.explanation !== undefined && (
        <>
          <dt>Explanation</dt>
          <dd className="gold-explanation">{gold.explanation}</dd>
        </>
      )}
      {gold.counterfactualOf !== undefined && (
        <>
          <dt>Rewrites</dt>
          <dd>question {gold.counterfactualOf}</dd>
        </>
      )}
    </dl>
  );
}
