import { useMemo } from 'react';
import type { AskResult } from '../../../shared/ask/ask';
import type { EvidenceTarget } from '../../../shared/document/evidence';
import type { Document } from '../../../shared/document';
import { CellReads } from '../../components/evidence/CellReads';
import { citePlacer } from '../../components/evidence/filing-cite';
import {
  AnswerWithGrade,
  ExecutionResult,
  FilingsShown,
  ProgramShown,
  SamplesList,
  UsageLine,
} from './AskResultParts';
import { EvidenceHits } from './EvidenceHits';
import { GroundingReport } from './GroundingReport';

interface Props {
  result: AskResult;
  /** The document the panel is beside (an ask across filings frames and links per filing). */
  documentId?: number | undefined;
  model?: Document | undefined;
  onGo: (target: EvidenceTarget, page?: number) => void;
}

/** One answered ask: answer, grade, program and its run, grounding, reads, evidence, usage. */
export function AskResultView({ result: r, documentId, model, onGo }: Props) {
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
      {r.filings && <FilingsShown filings={r.filings} documentId={documentId} />}
      <AnswerWithGrade result={r} />
      {r.samples && r.samples.length > 1 && <SamplesList samples={r.samples} />}
      <ProgramShown result={r} unsupported={unsupported} />
      {r.execution && <ExecutionResult execution={r.execution} />}

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

      <UsageLine result={r} />
      <details className="ask-output">
        <summary>The model's full output</summary>
        <pre>{r.output}</pre>
      </details>
    </section>
  );
}
