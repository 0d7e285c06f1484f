import {
  modelFilePath,
  presetLabels,
  type ConnectionTest,
  type ProviderView,
} from '../../../shared/llm/provider';
import { llmStore, useLlm } from '../../stores/llm';
import type { Pending } from '../../stores/llm/llm-store';
import { ApiErrorText } from '../../components/ApiErrorText';
import { EmbeddedModelFacts } from './EmbeddedModelFacts';

interface Props {
  providers: ProviderView[];
  onEdit: (p: ProviderView) => void;
}

/** The models a server lists (the first 50, and how many more). */
function ModelList({ name, models }: { name: string; models: string[] }) {
  return (
    <ul className="model-list" aria-label={`Models of ${name}`}>
      {models.slice(0, 50).map((m) => (
        <li key={m}>
          <code>{m}</code>
        </li>
      ))}
      {models.length > 50 && <li className="hint">and {models.length - 50} more</li>}
    </ul>
  );
}

/** A provider's connection test while it runs, failed to run, or answered (OK or failed). */
function ConnectionTestView({ name, t }: { name: string; t: Pending<ConnectionTest> }) {
  if (t.status === 'running')
    return (
      <div className="connection-test" aria-live="polite">
        <span className="hint">Testing…</span>
      </div>
    );
  if (t.status === 'error')
    return (
      <div className="connection-test" aria-live="polite">
        <ApiErrorText error={t.error} />
      </div>
    );
  const v = t.value;
  return (
    <div className="connection-test" aria-live="polite">
      <div className={v.ok ? 'test-ok' : 'test-failed'} role="status">
        <strong>{v.ok ? 'OK' : 'Failed'}</strong>
        {v.code && <code className="error-code">{v.code}</code>} {v.message}{' '}
        <span className="hint">({Math.round(v.latencyMs)} ms)</span>
        {v.embedded && <EmbeddedModelFacts info={v.embedded} />}
        {v.models.length > 0 && !v.embedded && <ModelList name={name} models={v.models} />}
      </div>
    </div>
  );
}

/** Test connection, Edit, Remove (asked first). */
function ProviderActions({
  p,
  testing,
  onEdit,
}: { p: ProviderView; testing: boolean } & Pick<Props, 'onEdit'>) {
  return (
    <td className="row-actions">
      <button
        type="button"
        onClick={() => void llmStore.getState().test(p.id)}
        disabled={testing}
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
  );
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
                {t && <ConnectionTestView name={p.name} t={t} />}
              </td>
              <td>{presetLabels[p.preset]}</td>
              <td className="hash">
                {(p.preset === 'embedded' ? modelFilePath(p.baseUrl) : null) ?? p.baseUrl}
              </td>
              <td>{p.defaultModel ?? <span className="hint">—</span>}</td>
              <td>{p.hasKey ? 'stored' : p.apiKeyName ? 'missing' : 'none'}</td>
              <ProviderActions p={p} testing={t?.status === 'running'} onEdit={onEdit} />
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
