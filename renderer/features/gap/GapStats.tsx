import type { GapReport } from '../../../shared/gap/gap-report';
import { UnsignedMark } from '../sessions/UnsignedMark';
import { f2, pValueText } from './gap-bars';

/** The two sides of the gap and, on all paired questions, accuracy, difference and McNemar. */
export function GapStats({ id, report }: { id: string; report: GapReport }) {
  const all = report.groups[0];
  return (
    <section aria-labelledby={`${id}-stats`}>
      <h2 id={`${id}-stats`}>Paired statistics</h2>
      <dl className="compare-stats gap-stats">
        <dt>Expert</dt>
        <dd>
          <a href={`#/session/${report.sessionId}/results`}>
            session #{report.sessionId} ({report.expert})
          </a>
          {report.expertSignature === 'unsigned' && (
            <>
              {' '}
              <UnsignedMark />
            </>
          )}
          , graded {report.scorer.human}
        </dd>
        <dt>Model</dt>
        <dd>
          <a href={`#/run/${report.runId}`}>
            run #{report.runId} {report.model}
            {report.mode ? ` · ${report.mode}` : ''}
          </a>
          , graded {report.scorer.model}
        </dd>
        <dt>Paired questions</dt>
        <dd>
          {report.counts.paired} of {report.counts.questions} ({report.counts.humanOnly} answered by
          the expert only, {report.counts.modelOnly} by the model only, {report.counts.neither} by
          neither)
        </dd>
        {all && (
          <>
            <dt>Accuracy</dt>
            <dd>
              expert {f2(all.human.accuracy)}%, model {f2(all.model.accuracy)}%
            </dd>
            <dt>Difference expert − model</dt>
            <dd>
              {f2(all.difference)} points, paired bootstrap 95% {f2(all.bootstrap.low)} to{' '}
              {f2(all.bootstrap.high)} ({pValueText(all.bootstrap.pValue)}; {report.iterations}{' '}
              resamples of whole documents, seed {report.seed})
            </dd>
            <dt>McNemar (exact)</dt>
            <dd>
              b = {all.mcnemar.humanOnly} (expert right only), c = {all.mcnemar.modelOnly} (model
              right only), {pValueText(all.mcnemar.pValue)}
            </dd>
          </>
        )}
      </dl>
      {report.notes.map((n) => (
        <p key={n} className="hint">
          Note: {n}.
        </p>
      ))}
    </section>
  );
}
