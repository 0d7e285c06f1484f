import { useMemo } from 'react';
import type { AskResult } from '../../../shared/ask/ask';
import { numberText } from '../../../shared/runs/answer-text';
import type { EvidenceTarget } from '../../../shared/document/evidence';
import type { Document } from '../../../shared/document';
import { answerQuantity, executionValue, MODE_TEXT, usd } from './answer-text';
import { CellReads } from '../../components/evidence/CellReads';
import { citePlacer } from '../../components/evidence/filing-cite';
import { filingTitle } from '../../../shared/ask/filings';
import { EvidenceHits } from './EvidenceHits';
import { GroundingReport } from './GroundingReport';
import { ProgramView } from '../../components/program/ProgramView';

interface Props {
  result: AskResult;
  /** The document the panel is beside (an ask across filings frames and links per filing). */
  documentId?: number;
  model?: Document;
  onGo: (target: EvidenceTarget, page?: number) => void;
}

/** One answered ask: answer, grade, program and its run, grounding, reads, evidence, usage. */
export function AskResultView({ result: r, documentId, model, onGo }: Props) {
  const quantity = answerQuantity(r.answer);
  const place = useMemo(() => citePlacer(r, documentId), [r, documentId]);
  const unsupported = useMemo(
    () =>
      new Set(
        (r.grounding?.literals ?? [])
          .filter((l) => l.source === 'unsupported' && l.via === 'literal')
          .map((l) => l.text),
      ),
    [r],
  );
  return (
    <section className="ask-result" aria-label="Answer">
      <p className="ask-question-shown">{r.question}</p>
      {r.filings && (
        <ul className="ask-filings-shown" aria-label="Filings asked about">
          {r.filings.map((f) => (
            <li key={f.documentId}>
              <code>{f.prefix ?? `d${f.documentId}`}</code> {filingTitle(f)}
              {f.documentId === documentId && <span className="hint"> (open)</span>}
            </li>
          ))}
        </ul>
      )}
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

      {r.samples && r.samples.length > 1 && (
        <details className="ask-samples">
          <summary>Self-consistency: {r.samples.length} samples</summary>
          <ol>
            {r.samples.map((s, i) => (
              <li key={i}>
                <code>{s.answer}</code>
              </li>
            ))}
          </ol>
        </details>
      )}

      {r.program !== null && (
        <>
          <h3>
            Program
            {r.repaired && <span className="hint"> (repaired after a failed first run)</span>}
          </h3>
          <ProgramView program={r.program} unsupported={unsupported} />
        </>
      )}
      {r.execution && (
        <div
          className={r.execution.ok ? 'ask-execution ok' : 'ask-execution failed'}
          aria-label="Execution"
        >
          {r.execution.ok ? (
            <>
              Result: <code>{executionValue(r.execution.value)}</code>
            </>
          ) : (
            <>
              The program failed: <code>{r.execution.error ?? 'unknown error'}</code>
            </>
          )}
        </div>
      )}

      {r.grounding && (
        <>
          <h3>Grounding</h3>
          <GroundingReport
            literals={r.grounding.literals}
            model={model}
            onGo={onGo}
            place={place}
          />
        </>
      )}
      {r.reads.length > 0 && (
        <>
          <h3>
            Cells read <span className="hint">({r.reads.length}, highlighted in the tables)</span>
          </h3>
          <CellReads reads={r.reads} model={model} onGo={onGo} place={place} />
        </>
      )}

      <h3>
        Evidence <span className="hint">({r.evidence.length} retrieved)</span>
      </h3>
      <EvidenceHits hits={r.evidence} onGo={onGo} place={place} />

      <p className="hint ask-usage" aria-label="Usage">
        {r.usage.promptTokens.toLocaleString()} prompt + {r.usage.completionTokens.toLocaleString()}{' '}
        completion tokens · {r.costUsd === null ? 'cost unknown (no price)' : usd(r.costUsd)} ·
        model {(r.modelMs / 1000).toFixed(1)} s, the rest {Math.round(r.overheadMs)} ms
      </p>
      <details className="ask-output">
        <summary>The model's full output</summary>
        <pre>{r.output}</pre>
      </details>
    </section>
  );
}
