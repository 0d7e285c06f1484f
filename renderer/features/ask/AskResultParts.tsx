import type { AskResult } from '../../../shared/ask/ask';
import { numberText } from '../../../shared/runs/answer-text';
import { filingTitle } from '../../../shared/ask/filing-id';
import { ProgramView } from '../../components/program/ProgramView';
import { answerQuantity, executionValue, MODE_TEXT, usd } from './answer-text';

interface ResultProps {
  result: AskResult;
}

/** The filings an ask across filings asked about, with the one open beside the panel. */
export function FilingsShown({
  filings,
  documentId,
}: {
  filings: NonNullable<AskResult['filings']>;
  documentId: number | undefined;
}) {
  return (
    <ul className="ask-filings-shown" aria-label="Filings asked about">
      {filings.map((f) => (
        <li key={f.documentId}>
          <code>{f.prefix ?? `d${f.documentId}`}</code> {filingTitle(f)}
          {f.documentId === documentId && <span className="hint"> (open)</span>}
        </li>
      ))}
    </ul>
  );
}

/** The answer (with the quantity it reads as), its grade against gold, mode and model. */
export function AnswerWithGrade({ result: r }: ResultProps) {
  const quantity = answerQuantity(r.answer);
  return (
    <>
      <div className="ask-answer">
        <span className="ask-answer-text">
          {r.answer.text ? numberText(r.answer.text) : '(no answer)'}
        </span>
        {quantity && <span className="ask-quantity">= {quantity}</span>}
      </div>
      {r.grade && (
        <div
          className={r.grade.correct ? 'ask-grade correct' : 'ask-grade wrong'}
          aria-label="Grade"
        >
          <strong>{r.grade.correct ? '✓ Correct' : '✗ Wrong'}</strong>{' '}
          <span>gold: {r.grade.gold}</span>
          <div className="hint">
            {r.grade.scorer} · {r.grade.rule}
            {r.grade.outcome ? ` · ${r.grade.outcome}` : ''}
          </div>
        </div>
      )}
      <p className="hint ask-meta">
        {MODE_TEXT[r.mode]} · {r.model} · {new Date(r.createdAt).toLocaleString()}
      </p>
    </>
  );
}

/** Self-consistency's samples, when there were several. */
export function SamplesList({ samples }: { samples: NonNullable<AskResult['samples']> }) {
  return (
    <details className="ask-samples">
      <summary>Self-consistency: {samples.length} samples</summary>
      <ol>
        {samples.map((s, i) => (
          <li key={i}>
            <code>{s.answer}</code>
          </li>
        ))}
      </ol>
    </details>
  );
}

/** What running the program gave: its value, or how it failed. */
export function ExecutionResult({ execution }: { execution: NonNullable<AskResult['execution']> }) {
  return (
    <div
      className={execution.ok ? 'ask-execution ok' : 'ask-execution failed'}
      aria-label="Execution"
    >
      {execution.ok ? (
        <>
          Result: <code>{executionValue(execution.value)}</code>
        </>
      ) : (
        <>
          The program failed: <code>{execution.error ?? 'unknown error'}</code>
        </>
      )}
    </div>
  );
}

/** The program (repaired or not), its literals not found in the filing marked. */
export function ProgramShown({
  result: r,
  unsupported,
}: ResultProps & {
  unsupported: ReadonlySet<string>;
}) {
  if (r.program === null) return null;
  return (
    <>
      <h3>
        Program
        {r.repaired && <span className="hint"> (repaired after a failed first run)</span>}
      </h3>
      <ProgramView program={r.program} unsupported={unsupported} />
    </>
  );
}

/** Tokens, cost and time. */
export function UsageLine({ result: r }: ResultProps) {
  return (
    <p className="hint ask-usage" aria-label="Usage">
      {r.usage.promptTokens.toLocaleString()} prompt + {r.usage.completionTokens.toLocaleString()}{' '}
      completion tokens · {r.costUsd === null ? 'cost unknown (no price)' : usd(r.costUsd)} · model{' '}
      {(r.modelMs / 1000).toFixed(1)} s, the rest {Math.round(r.overheadMs)} ms
    </p>
  );
}
