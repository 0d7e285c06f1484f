import type { ReactNode } from 'react';
import type { ReportMethod } from '../../../shared/runs/method';
import { methodGoldText, methodStaleText, ROLE_TEXT } from '../../../shared/runs/report-format';
import { scorerLabel } from './run-text';

/**
 * The Method list a run report and a session's results show (shared/runs/method.ts): each
 * scorer that decided verdicts with its version, its role and what it graded against (a run's
 * dataset hash; a session's gold versions, with stale verdicts marked), then the default-scorer
 * table's row for the dataset's format. `imported`: what an imported file's own verdicts say of
 * themselves. All text: nothing from data is read as markup.
 */
export function MethodList({ method, imported }: { method: ReportMethod; imported?: ReactNode }) {
  const defaults = method.defaults;
  return (
    <ul aria-label="Scorers">
      {method.scorers.map((s) => {
        const stale = methodStaleText(s);
        const gold = methodGoldText(s);
        return (
          <li key={`${s.id} ${s.version}`} className={stale ? 'method-stale' : undefined}>
            <strong>{scorerLabel(s.id)}</strong> <span className="scorer-version">{s.version}</span>
            {s.role === 'imported' ? (
              <span className="hint">
                {' '}
                — the file's own verdicts
                {imported}
              </span>
            ) : (
              <span className="hint">
                {' '}
                — {ROLE_TEXT[s.role]}
                {s.gradedAgainst && (
                  <>
                    , graded here against dataset{' '}
                    <code className="hash">{s.gradedAgainst.slice(0, 12)}</code>
                  </>
                )}
                {gold !== null && `, ${gold}`}
              </span>
            )}
            {stale && (
              <>
                {' '}
                <strong className="stale-mark">{stale}</strong>
              </>
            )}
          </li>
        );
      })}
      <li className="method-default">
        Default scorer for {defaults.label}: <strong>{defaults.scorer}</strong>
        {defaults.parity ? `, with ${defaults.parity} (the official scorer’s port) beside it` : ''}
        <span className="hint">
          {' '}
          — every question type ({defaults.questionTypes}); the Ask panel, expert sessions and the
          gap view grade with it too
        </span>
      </li>
    </ul>
  );
}
