import { useEffect } from 'react';
import type { EvidenceTarget } from '../../../shared/document/evidence';
import type { Document } from '../../../shared/document';
import { askStore, useAsk } from '../../stores/ask';
import { AskForm } from './AskForm';
import { AskHistory } from './AskHistory';
import { AskResultView } from './AskResultView';
import { AskStream } from './AskStream';
import './ask.css';
import { compact } from '../../../shared/util/compact';

interface Props {
  documentId?: number | undefined;
  questionId?: number | undefined;
  /** A dataset question's text, to start the question box with. */
  question?: string | undefined;
  model?: Document | undefined;
  /** Go to a cell, row, table or paragraph in the document view (a PDF: its page too). */
  onGo: (target: EvidenceTarget, page?: number) => void;
  onClose: () => void;
}

/**
 * Ask a model about the document (or the dataset question) in view: the form, the ask as it
 * streams, its result, and the history of asks here.
 */
export function AskPanel({ documentId, questionId, question, model, onGo, onClose }: Props) {
  const running = useAsk((s) => s.running);
  const ended = useAsk((s) => s.ended);
  const shown = useAsk((s) => s.shown);

  useEffect(() => {
    askStore.getState().open(compact({ documentId, questionId, question }));
  }, [documentId, questionId, question]);

  return (
    <aside className="ask-panel" aria-label="Ask">
      <header>
        <h2>Ask a model</h2>
        <button type="button" className="link" onClick={onClose} aria-label="Close the Ask panel">
          ✕
        </button>
      </header>
      <AskForm />
      <AskStream running={running} ended={ended} />
      {shown && !running && (
        <AskResultView result={shown} documentId={documentId} model={model} onGo={onGo} />
      )}
      <AskHistory />
    </aside>
  );
}
