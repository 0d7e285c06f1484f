import { useEffect, useMemo } from 'react';
import type { Document } from '../../../shared/document';
import { evidenceKey } from '../../../shared/document/evidence';
import { documentStore, useDocument } from '../../stores/document';
import { sessionStore, useSession } from '../../stores/sessions';
import { QuestionDocument } from '../questions/QuestionDocument';

/** Opens the current question's document (selection cleared) and answers it once it is ready. */
export function useSessionDocument(documentId: number | undefined): Document | undefined {
  useEffect(() => {
    if (documentId === undefined) return;
    void documentStore.getState().open(documentId);
    documentStore.getState().select(undefined);
  }, [documentId]);
  return useDocument((s) =>
    documentId !== undefined && s.openId === documentId && s.status === 'ready'
      ? s.model
      : undefined,
  );
}

interface Props {
  paused: boolean;
  onResume: () => void;
  documentId: number | undefined;
  /** The question's document as the dataset names it, said when it is not in the library. */
  documentExternalId: string | undefined;
}

/**
 * The session screen's right side: the question's document with the answer's evidence marked
 * (a click marks or unmarks), hidden while paused, or why it is missing.
 */
export function SessionDocumentPane({ paused, onResume, documentId, documentExternalId }: Props) {
  const evidence = useSession((s) =>
    s.currentId === undefined ? undefined : s.drafts[s.currentId]?.evidence,
  );
  const marks = useMemo(() => new Set((evidence ?? []).map(evidenceKey)), [evidence]);
  if (paused)
    return (
      <div className="session-paused" role="status">
        <p>
          <strong>Paused.</strong> The clock is stopped and the document hidden.
        </p>
        <button type="button" className="primary" onClick={onResume}>
          Resume <kbd>Alt+P</kbd>
        </button>
      </div>
    );
  if (documentId !== undefined)
    return (
      <QuestionDocument
        documentId={documentId}
        answerMarks={{ marks, onToggleMark: (t) => sessionStore.getState().toggleMark(t) }}
      />
    );
  if (documentExternalId === undefined) return null;
  return (
    <p className="error question-document missing-document" role="alert">
      The document of this question ({documentExternalId}) is not in the library.
    </p>
  );
}
