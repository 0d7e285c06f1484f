import { useEffect, useRef } from 'react';
import { answerText } from '../../../shared/runs/answer-text';
import type { RunItemDetail } from '../../../shared/runs/item-detail';
import { runItemStore, useRunItem } from '../../stores/runs';
import { ApiErrorText } from '../../components/ApiErrorText';
import { ProgramView } from '../../components/program/ProgramView';
import { ItemTrace } from './ItemTrace';
import { scorerLabel } from './run-text';

/** A stored answer (string, number, list, a program's value) as one line of text. */
const valueText = (v: unknown): string =>
  v === null || v === undefined ? '–' : typeof v === 'string' ? v : JSON.stringify(v);

/**
 * What was stored, when the answer is shown otherwise (fewer digits, a percent sign for the
 * scale): "0.493558418481" or "49.3558418481"; undefined when the shown text is the stored one.
 */
function storedText(item: RunItemDetail['item']): string | undefined {
  const stored = valueText(item.answer);
  return item.answer !== null && stored !== answerText(item) ? stored : undefined;
}

function Gold({ question }: { question: NonNullable<RunItemDetail['question']> }) {
  const g = question.gold;
  return (
    <dl className="item-facts">
      <dt>Gold</dt>
      <dd className="gold-answer">
        {valueText(g.answer)}
        {question.scale ? <span className="hint"> ({question.scale})</span> : null}
      </dd>
      {g.shown !== undefined && (
        <>
          <dt>As printed</dt>
          <dd>{g.shown}</dd>
        </>
      )}
      {g.derivation && (
        <>
          <dt>Derivation</dt>
          <dd>
            <code>{g.derivation}</code>
          </dd>
        </>
      )}
      {g.answerFrom && (
        <>
          <dt>Evidence from</dt>
          <dd>{g.answerFrom}</dd>
        </>
      )}
      {g.explanation && (
        <>
          <dt>Explanation</dt>
          <dd>{g.explanation}</dd>
        </>
      )}
      {g.program && (
        <>
          <dt>Gold program</dt>
          <dd>
            <pre className="program">{g.program}</pre>
          </dd>
        </>
      )}
    </dl>
  );
}

function Verdicts({ detail }: { detail: RunItemDetail }) {
  const version = (id: string, fallback: string) =>
    detail.scorers.find((s) => s.id === id)?.version ?? fallback;
  return (
    <table className="documents runs-table item-verdicts" aria-label="Verdicts">
      <thead>
        <tr>
          <th>Scorer</th>
          <th>Verdict</th>
          <th>Rule</th>
        </tr>
      </thead>
      <tbody>
        {detail.verdicts.map((v) => (
          <tr key={v.scorer} className={v.correct ? 'item-right' : 'item-wrong'}>
            <td>
              {scorerLabel(v.scorer)}
              <div className="hint">{version(v.scorer, v.scorerVersion)}</div>
            </td>
            <td className="verdict-outcome">
              {v.correct ? '✓' : '✗'} {v.outcome}
            </td>
            <td className="rule">
              {v.rule}
              {(v.extracted !== null || v.predNormalized || v.goldNormalized) && (
                <div className="compared">
                  {v.extracted !== null && <>extracted {v.extracted}; </>}
                  {(v.predNormalized || v.goldNormalized) &&
                    `${v.predNormalized || '–'} vs gold ${v.goldNormalized || '–'}`}
                </div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Body({ detail }: { detail: RunItemDetail }) {
  const { item, question, trace } = detail;
  const exec = item.execution;
  return (
    <>
      <section aria-label="Question">
        <h3>Question</h3>
        <p className="item-question">{question?.question ?? 'removed from the dataset'}</p>
        {question && question.documentId !== null && (
          <p className="hint">
            <a href={`#/question/${question.id}`}>Open the question</a> ·{' '}
            <a href={`#/document/${question.documentId}`}>its document</a>
          </p>
        )}
        {question && <Gold question={question} />}
      </section>
      <section aria-label="Model output">
        <h3>Model output</h3>
        {item.error && <p className="api-error">{item.error}</p>}
        {item.output !== null ? (
          <pre className="item-output">{item.output}</pre>
        ) : (
          <p className="hint">No output was recorded.</p>
        )}
      </section>
      {item.program !== null && (
        <section aria-label="Program and execution">
          <h3>Program</h3>
          <ProgramView program={item.program} />
          {exec && (
            <p className={exec.ok ? 'hint' : 'api-error'}>
              {exec.ok
                ? `Ran to ${valueText(exec.result)}`
                : `Did not run to a value: ${exec.error ?? 'no result'}`}
            </p>
          )}
          <h3>Cells read</h3>
          {trace ? (
            <ItemTrace reads={trace.reads} documentId={question?.documentId ?? null} />
          ) : (
            <p className="hint">
              No trace was stored for this item (imported programs were not run here).
            </p>
          )}
        </section>
      )}
      <section aria-label="Answer and verdicts">
        <h3>Answer graded</h3>
        <p>
          <code className="answer-graded">{answerText(item) ?? '–'}</code>{' '}
          <span className="hint">
            ({item.answerKind}
            {storedText(item) ? `; stored as ${storedText(item)}` : ''}
            {item.answerScale ? `, scale ${item.answerScale}` : ''})
          </span>
        </p>
        <Verdicts detail={detail} />
      </section>
    </>
  );
}

/**
 * The report's side panel for one item: question and gold (the report is for analysts), the
 * model's output, the program as text spans, what it ran to and the cells it read (links into
 * the document), the answer graded and every scorer's verdict with its rule. Escape closes it
 * and gives the focus back to where it was.
 */
export function RunItemPanel({ externalId }: { externalId: string }) {
  const status = useRunItem((s) => s.status);
  const detail = useRunItem((s) => s.detail);
  const error = useRunItem((s) => s.error);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const back = document.activeElement;
    closeRef.current?.focus();
    return () => {
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, []);
  return (
    <aside
      className="run-item-panel"
      aria-label={`Item ${externalId}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          runItemStore.getState().close();
        }
      }}
    >
      <header>
        <h2>Item {externalId}</h2>
        <button
          ref={closeRef}
          type="button"
          aria-label="Close the item"
          title="Close (Escape)"
          onClick={() => runItemStore.getState().close()}
        >
          ×
        </button>
      </header>
      {status === 'loading' && <p className="hint">Loading the item…</p>}
      {status === 'error' && error && <ApiErrorText error={error} />}
      {status === 'ready' && detail && <Body detail={detail} />}
    </aside>
  );
}
