import { useEffect } from 'react';
import { llmStore, useLlm } from '../../stores/llm';

interface Props {
  /** Prefix of the fields' ids (a form's useId()). */
  idPrefix: string;
  /** Class of each field's wrapper, so the picker sits in its form's own grid. */
  fieldClass: string;
  providerId: number | undefined;
  model: string;
  /** A provider chosen comes with its default model; a model typed comes alone. */
  onChange: (patch: { providerId?: number; model: string }) => void;
}

/**
 * The Provider and Model fields of the Ask panel and the start-run form: the configured
 * providers, and the chosen one's models as suggestions (any name is accepted). With no
 * provider chosen, or the chosen one removed, the first is taken with its default model.
 */
export function ProviderModelPicker({ idPrefix, fieldClass, providerId, model, onChange }: Props) {
  const providers = useLlm((s) => s.providers);
  const models = useLlm((s) => (providerId === undefined ? undefined : s.models[providerId]));

  useEffect(() => {
    void llmStore.getState().load();
  }, []);
  const chosen = providers.find((p) => p.id === providerId);
  useEffect(() => {
    if (!chosen && providers[0])
      onChange({ providerId: providers[0].id, model: providers[0].defaultModel ?? '' });
    // onChange is new on every render: harmless, the choice is made once a provider is chosen.
  }, [chosen, providers, onChange]);
  useEffect(() => {
    if (providerId !== undefined) void llmStore.getState().loadModels(providerId);
  }, [providerId]);

  return (
    <>
      <div className={fieldClass}>
        <label htmlFor={`${idPrefix}-provider`}>Provider</label>
        <select
          id={`${idPrefix}-provider`}
          value={providerId ?? ''}
          onChange={(e) => {
            const p = providers.find((x) => x.id === Number(e.currentTarget.value));
            if (p) onChange({ providerId: p.id, model: p.defaultModel ?? '' });
          }}
        >
          {providers.length === 0 && <option value="">none</option>}
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <div className={fieldClass}>
        <label htmlFor={`${idPrefix}-model`}>Model</label>
        <input
          id={`${idPrefix}-model`}
          list={`${idPrefix}-models`}
          value={model}
          placeholder={models?.status === 'running' ? 'loading…' : 'model name'}
          onChange={(e) => onChange({ model: e.currentTarget.value })}
        />
        <datalist id={`${idPrefix}-models`}>
          {models?.status === 'done' && models.value.map((m) => <option key={m} value={m} />)}
        </datalist>
      </div>
    </>
  );
}

/** Where to add a provider when there is none yet (the pickers then offer nothing). */
export function NoProviderHint() {
  const status = useLlm((s) => s.status);
  const none = useLlm((s) => s.providers.length === 0);
  if (status !== 'ready' || !none) return null;
  return (
    <p className="hint">
      No model provider yet: add one on the <a href="#/models">Models</a> screen.
    </p>
  );
}
