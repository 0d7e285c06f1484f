import type { SessionSummary } from '../../../shared/sessions/session';
import { durationText } from '../../stores/sessions/duration-text';
import { sessionsListStore } from '../../stores/sessions';
import { ColumnHeads } from '../../components/ColumnHeads';
import { BundleExportButton } from './BundleExportButton';
import { UnsignedMark } from './UnsignedMark';

/** A session's links: continue it, or its results and bundle; another expert on its questions. */
function SessionActions({ s }: { s: SessionSummary }) {
  return (
    <td className="session-actions">
      {s.status === 'open' ? (
        <a href={`#/session/${s.id}`}>Continue</a>
      ) : (
        <>
          <a href={`#/session/${s.id}/results`}>Results</a>
          {/* This workspace's key signs only sessions made here. */}
          {s.origin === 'local' && <BundleExportButton sessionId={s.id} />}
        </>
      )}
      <button
        type="button"
        className="link"
        title="A new session for another expert on the same questions"
        onClick={() => {
          sessionsListStore.getState().sameQuestionsAs(s.id);
          document.getElementById('new-session-title')?.scrollIntoView();
        }}
      >
        Another expert
      </button>
    </td>
  );
}

/** The workspace's sessions: who, on what, how far, how long, and what can be done next. */
export function SessionsTable({ sessions }: { sessions: SessionSummary[] }) {
  return (
    <table className="sessions-table" aria-label="Sessions">
      <ColumnHeads
        names={['#', 'Expert', 'Dataset', 'Submitted', 'Active', 'Budget', 'Status', '']}
      />
      <tbody>
        {sessions.map((s) => (
          <tr key={s.id}>
            <td className="num">{s.id}</td>
            <td>
              {s.expert}
              {s.signature === 'unsigned' && (
                <>
                  {' '}
                  <UnsignedMark />
                </>
              )}
            </td>
            <td>{s.datasetName}</td>
            <td className="num">
              {s.submitted} / {s.questionIds.length}
            </td>
            <td className="num">{durationText(s.activeSeconds)}</td>
            <td className="num">{durationText(s.budgetSeconds)}</td>
            <td>{s.status === 'open' ? 'open' : 'finished'}</td>
            <SessionActions s={s} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
