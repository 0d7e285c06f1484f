import type { SessionAgreement, SessionResults } from '../../../shared/sessions/session';
import { durationWords } from '../../stores/sessions/duration-text';
import { UnsignedMark } from './UnsignedMark';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const kappa = (k: number | null) => (k === null ? 'undefined (no variation)' : k.toFixed(3));

/** Accuracy with its interval and scorer, and the active time against the budget. */
export function ResultsSummary({ results }: { results: SessionResults }) {
  const a = results.accuracy;
  return (
    <section className="results-summary" aria-label="Accuracy">
      <p>
        <strong className="accuracy">{pct(a.rate)}</strong> correct ({a.correct} of {a.total};{' '}
        {a.submitted} submitted) · 95% interval {pct(a.wilson95.low)}–{pct(a.wilson95.high)}{' '}
        (Wilson) · scorer <code>{results.scorer}</code>
      </p>
      <p>
        Active time {durationWords(results.activeSeconds)} of{' '}
        {durationWords(results.session.budgetSeconds)}
      </p>
    </section>
  );
}

/** How this expert agrees with the others who answered the same questions (raters, κ). */
export function AgreementSection({ agreement }: { agreement: SessionAgreement }) {
  return (
    <section className="results-agreement" aria-labelledby="agreement-title">
      <h2 id="agreement-title">Agreement with other experts</h2>
      <p>
        {agreement.raters.map((r, i) => (
          <span key={r.sessionId}>
            {i > 0 && ', '}
            {r.expert}
            {r.signature === 'unsigned' && (
              <>
                {' '}
                <UnsignedMark />
              </>
            )}
          </span>
        ))}{' '}
        on {agreement.n} questions all submitted: all agree on {pct(agreement.percent)}
        {agreement.sessionIds.length === 2 && ` · Cohen’s κ ${kappa(agreement.cohenKappa)}`}
        {` · Fleiss’ κ ${kappa(agreement.fleissKappa)}`}
      </p>
      {agreement.excluded.length > 0 && (
        <p className="hint">
          Counted once:{' '}
          {agreement.excluded
            .map((x) => `session #${x.sessionId} is #${x.sameAs} again (${x.reason})`)
            .join('; ')}
          .
        </p>
      )}
    </section>
  );
}
