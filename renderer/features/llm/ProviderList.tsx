import { modelFilePath, presetLabels, type ProviderView } from '../../../shared/llm/provider';
import { llmStore, useLlm } from '../../stores/llm';
import { ApiErrorText } from '../../components/ApiErrorText';
import { EmbeddedModelFacts } from './EmbeddedModelFacts';

interface Props {
  providers: ProviderView[];
  onEdit: (p: ProviderView) => void;
}

/** The configured providers, each with Test connection and its answer (green or red). */
export function ProviderList({ providers, onEdit }: Props) {
  const tests = useLlm((s) => s.tests);
  if (providers.length === 0)
    return (
      <p className="hint">No providers yet: add one, or detect the servers on this machine.</p>
    );
  return (
    <table className="documents providers" aria-label="Providers">
      <thead>
        <tr>
          <th>Name</th>
          <th>Server</th>
          <th>Base URL</th>
          <th>Default model</th>
          <th>Key</th>
          <th aria-label="Actions" />
        </tr>
      </thead>
      <tbody>
        {providers.map((p) => {
          const t = tests[p.id];
          return (
            <tr key={p.id}>
              <td>
                {p.name}
                {p.loopback && (
                  <span className="badge loopback" title="On this machine: allowed offline">
                    local
                  </span>
                )}
                {t && (
                  <div className="connection-test" aria-live="polite">
                    {t.status === 'running' ? (
                      <span className="hint">Testing…</span>
                    ) : t.status === 'error' ? (
                      <ApiErrorText error={t.error} />
                    ) : (
                      <div className={t.value.ok ? 'test-ok' : 'test-failed'} role="status">
                        <strong>{t.value.ok ? 'OK' : 'Failed'}</strong>
                        {t.value.code && <code className="error-code">{t.value.code}</code>}{' '}
                        {t.value.message}{' '}
                        <span className="hint">({Math.round(t.value.latencyMs)} ms)</span>
                        {t.value.embedded && <EmbeddedModelFacts info={t.value.embedded} />}
                        {t.value.models.length > 0 && !t.value.embedded && (
                          <ul className="model-list" aria-label={`Models of ${p.name}`}>
                            {t.value.models.slice(0, 50).map((m) => (
                              <li key={m}>
                                <code>{m}</code>
                              </li>
                            ))}
                            {t.value.models.length > 50 && (
                              <li className="hint">and {t.value.models.length - 50} more</li>
                            )}
                          </ul>
                        )}
                      </div>
                    )}
                  </div>
                )}
              </td>
              <td>{presetLabels[p.preset]}</td>
              <td className="hash">
                {(p.preset === 'embedded' ? modelFilePath(p.baseUrl) : null) ?? p.baseUrl}
              </td>
              <td>{p.defaultModel ?? <span className="hint">—</span>}</td>
              <td>{p.hasKey ? 'stored' : p.apiKeyName ? 'missing' : 'none'}</td>
              <td className="row-actions">
                <button
                  type="button"
                  onClick={() => void llmStore.getState().test(p.id)}
                  disabled={t?.status === 'running'}
                  aria-label={`Test connection to ${p.name}`}
                >
                  Test connection
                </button>{' '}
                <button type="button" onClick={() => onEdit(p)} aria-label={`Edit ${p.name}`}>
                  Edit
                </button>{' '}
                <button
                  type="button"
                  onClick={() => {
                    if (window.confirm(`Remove the provider ${p.name}?`))
                      void llmStore.getState().remove(p.id);
                  }}
                  aria-label={`Remove ${p.name}`}
                >
                  Remove
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
