import { presetLabels, type DetectedServer } from '../../../shared/llm/provider';
import { llmStore, useLlm } from '../../stores/llm';
import { ApiErrorText } from '../../components/ApiErrorText';

interface Props {
  /** Base URLs already configured: found servers with one of them are not offered again. */
  known: ReadonlySet<string>;
  onAdd: (server: DetectedServer) => void;
}

/** "Detect local servers": the presets' loopback ports that answer /v1/models, each addable. */
export function DetectedServers({ known, onAdd }: Props) {
  const detected = useLlm((s) => s.detected);
  return (
    <section className="detect" aria-label="Local servers">
      <button
        type="button"
        onClick={() => void llmStore.getState().autodetect()}
        disabled={detected?.status === 'running'}
      >
        {detected?.status === 'running' ? 'Looking…' : 'Detect local servers'}
      </button>
      {detected?.status === 'error' && <ApiErrorText error={detected.error} />}
      {detected?.status === 'done' &&
        (detected.value.length === 0 ? (
          <p className="hint" role="status">
            No server answered on the usual local ports (Ollama 11434, LM Studio 1234, llama.cpp
            8080, vLLM 8000).
          </p>
        ) : (
          <ul className="detected" role="status">
            {detected.value.map((s) => (
              <li key={s.baseUrl}>
                <strong>{presetLabels[s.preset]}</strong> <code>{s.baseUrl}</code>{' '}
                <span className="hint">
                  {s.models.length === 1 ? '1 model' : `${s.models.length} models`}
                </span>{' '}
                {known.has(s.baseUrl) ? (
                  <span className="hint">already added</span>
                ) : (
                  <button type="button" onClick={() => onAdd(s)}>
                    Add {presetLabels[s.preset]}
                  </button>
                )}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
