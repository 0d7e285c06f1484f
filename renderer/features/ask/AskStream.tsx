import { useEffect, useRef } from 'react';
import type { EndedAsk, RunningAsk } from '../../stores/ask/ask-store';
import { askStore } from '../../stores/ask';
import { PHASE_TEXT } from './answer-text';
import { ApiErrorText } from '../../components/ApiErrorText';

/**
 * The ask in flight: its phase and the model's text as it streams (plain text: model output is
 * untrusted), with Cancel; or how the last one ended (cancelled or failed) with what had come.
 */
export function AskStream({
  running,
  ended,
}: {
  running?: RunningAsk | undefined;
  ended?: EndedAsk | undefined;
}) {
  const box = useRef<HTMLPreElement>(null);
  const output = running?.output ?? ended?.output ?? '';
  // Follow the text as it grows, as a terminal does.
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [output]);
  if (!running && !ended) return null;
  const messages = running?.messages ?? ended?.messages ?? [];
  return (
    <section className="ask-stream" aria-label="Progress">
      {running ? (
        <div className="ask-phase" role="status">
          <span className="spinner" aria-hidden="true" />
          {running.cancelling
            ? 'Cancelling…'
            : running.phase
              ? PHASE_TEXT[running.phase]
              : 'Starting…'}
          <button
            type="button"
            onClick={() => void askStore.getState().cancel()}
            disabled={running.cancelling}
          >
            Cancel
          </button>
        </div>
      ) : (
        ended && <ApiErrorText error={ended.error} />
      )}
      {messages.length > 0 && (
        <ul className="ask-messages">
          {messages.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
      {output !== '' && (
        <pre className="ask-stream-text" ref={box} aria-label="Model output">
          {output}
        </pre>
      )}
    </section>
  );
}
