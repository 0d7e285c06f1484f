import { useEffect } from 'react';
import { sessionStore, useSession } from '../../stores/sessions';
import { ClockBar } from './ClockBar';
import { FinishSessionButton } from './FinishSessionButton';
import { SessionDocumentPane, useSessionDocument } from './SessionDocumentPane';
import { SessionHeader } from './SessionHeader';
import { SessionNotices } from './SessionNotices';
import { SessionPending } from './SessionPending';
import { SessionQuestionPanel } from './SessionQuestionPanel';
import { useActivity } from './use-activity';
import { useSessionKeyActions } from './use-session-key-actions';
import { useSessionKeys } from './use-session-keys';
import '../questions/questions.css';
import './sessions.css';

/**
 * One expert session, blinded: the question, its document in the document view's components
 * with evidence marking into the answer, the answer (autosaved), a calculator, and the
 * active-time clock. Keyboard-first; the keys are listed under the header.
 */
export function SessionScreen({ id }: { id: number }) {
  const status = useSession((s) => (s.sessionId === id ? s.status : 'loading'));
  const error = useSession((s) => s.error);
  const session = useSession((s) => s.session);
  const question = useSession((s) => s.questions.find((q) => q.id === s.currentId));

  useEffect(() => {
    void sessionStore.getState().open(id);
  }, [id]);

  const open = status === 'ready' && session?.status === 'open';
  const documentId = question?.documentId ?? undefined;
  const model = useSessionDocument(documentId);
  const activity = useActivity(open);
  useSessionKeys(useSessionKeyActions(open, activity));

  const header = (
    <SessionHeader
      title={`Session #${id}`}
      session={session}
      className="screen-header session-header"
    >
      {open && (
        <ClockBar activity={activity.state} onPause={activity.pause} onResume={activity.resume} />
      )}
      {open && <FinishSessionButton id={id} />}
    </SessionHeader>
  );

  if (status === 'error') return <SessionPending header={header} error={error} />;
  if (status !== 'ready' || !session)
    return <SessionPending header={header} loading="Loading the session…" />;
  if (session.status !== 'open')
    return (
      <SessionPending header={header}>
        <p>
          This session is finished. <a href={`#/session/${id}/results`}>See its results</a>.
        </p>
      </SessionPending>
    );

  return (
    <main className="screen question-screen session-screen">
      {header}
      <SessionNotices instructions={session.instructions} />
      <div className="question-layout">
        <SessionQuestionPanel model={model} />
        <SessionDocumentPane
          paused={activity.state === 'paused'}
          onResume={activity.resume}
          documentId={documentId}
          documentExternalId={question?.documentExternalId}
        />
      </div>
    </main>
  );
}
