import { useId, useState, type ReactNode } from 'react';
import { ProviderPreset, presetLabels, type ProviderView } from '../../../shared/llm/provider';
import { llmStore, useLlm } from '../../stores/llm';
import { ApiErrorText } from '../../components/ApiErrorText';
import {
  configOf,
  draftOf,
  keyNameFor,
  newDraft,
  withModelFile,
  withPreset,
  type ProviderDraft,
} from './provider-draft';

interface Props {
  /** The provider being edited; absent: a new one (from `initial`, e.g. a detected server). */
  provider?: ProviderView;
  initial?: ProviderDraft;
  onDone: (saved?: ProviderView) => void;
}

/**
 * Add or edit a provider. Enter saves, Escape cancels. The API key field goes to secrets.set
 * on save and is emptied: the key stays in main, the screen only learns that one is stored.
 */
export function ProviderForm({ provider, initial, onDone }: Props) {
  const [draft, setDraft] = useState<ProviderDraft>(() =>
    provider ? draftOf(provider) : (initial ?? newDraft()),
  );
  const [apiKey, setApiKey] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof ProviderDraft, string>>>({});
  const saving = useLlm((s) => s.saving);
  const actionError = useLlm((s) => s.actionError);
  const canPick = useLlm((s) => s.canPickModelFile);
  const id = useId();
  const embedded = draft.preset === 'embedded';
  const field = (k: keyof ProviderDraft) => ({
    id: `${id}-${k}`,
    value: draft[k],
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': errors[k] ? `${id}-${k}-error` : undefined,
    onChange: (e: { currentTarget: { value: string } }) =>
      setDraft({ ...draft, [k]: e.currentTarget.value }),
  });
  const row = (k: keyof ProviderDraft, label: string, input: ReactNode, hint?: string) => (
    <div className="form-row">
      <label htmlFor={`${id}-${k}`}>{label}</label>
      {input}
      {errors[k] ? (
        <span className="field-error" id={`${id}-${k}-error`}>
          {errors[k]}
        </span>
      ) : (
        hint && <span className="hint">{hint}</span>
      )}
    </div>
  );

  const submit = async () => {
    const key = apiKey.trim();
    const r = configOf(draft, key !== '');
    if (!r.ok) {
      setErrors(r.errors);
      return;
    }
    setErrors({});
    const saved = await llmStore.getState().save({
      ...(provider ? { id: provider.id } : {}),
      config: r.config,
      ...(key ? { apiKey: key } : {}),
    });
    // The key is gone from the form whatever happened: it was sent, or must be typed again.
    setApiKey('');
    if (saved) onDone(saved);
  };

  return (
    <form
      className="provider-form"
      aria-label={provider ? `Edit ${provider.name}` : 'New provider'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          llmStore.getState().clearActionError();
          onDone();
        }
      }}
    >
      <h2>{provider ? `Edit ${provider.name}` : 'New provider'}</h2>
      {row(
        'preset',
        'Server',
        <select
          {...field('preset')}
          onChange={(e) => setDraft(withPreset(draft, ProviderPreset.parse(e.currentTarget.value)))}
        >
          {ProviderPreset.options.map((p) => (
            <option key={p} value={p}>
              {presetLabels[p]}
            </option>
          ))}
        </select>,
      )}
      {row('name', 'Name', <input {...field('name')} autoFocus required />)}
      {embedded
        ? row(
            'baseUrl',
            'Model file',
            <span className="model-file">
              <input {...field('baseUrl')} required placeholder="/home/me/models/model.gguf" />
              {canPick && (
                <button
                  type="button"
                  onClick={() =>
                    void llmStore
                      .getState()
                      .pickModelFile()
                      .then((path) => {
                        if (path) setDraft(withModelFile(draft, path));
                      })
                  }
                >
                  Choose…
                </button>
              )}
            </span>,
            'The full path of a .gguf file on the machine running the workbench. Test loads it and shows what it is.',
          )
        : row(
            'baseUrl',
            'Base URL',
            <input
              {...field('baseUrl')}
              type="url"
              required
              placeholder="http://127.0.0.1:8080/v1"
            />,
            'Up to /v1: the server must answer /v1/models and /v1/chat/completions.',
          )}
      {!embedded && (
        <div className="form-row">
          <label htmlFor={`${id}-apiKey`}>API key</label>
          <input
            id={`${id}-apiKey`}
            type="password"
            autoComplete="off"
            value={apiKey}
            placeholder={provider?.hasKey ? 'stored (type to replace)' : 'none'}
            onChange={(e) => setApiKey(e.currentTarget.value)}
          />
          <span className="hint">
            {provider?.hasKey ? 'A key is stored. ' : ''}Kept by the app's secret store, never shown
            again.
            {provider?.hasKey && (
              <>
                {' '}
                <button
                  type="button"
                  className="link"
                  onClick={() => void llmStore.getState().forgetKey(provider.id)}
                >
                  Forget the stored key
                </button>
              </>
            )}
          </span>
        </div>
      )}
      {!embedded &&
        row(
          'apiKeyName',
          'Key name',
          <input {...field('apiKeyName')} placeholder={apiKey ? keyNameFor(draft.name) : 'none'} />,
          'The name the key is stored under (advanced).',
        )}
      {row('defaultModel', 'Default model', <input {...field('defaultModel')} />)}
      <fieldset className="form-grid">
        <legend>Sampling (empty: the server's default)</legend>
        {row('temperature', 'Temperature', <input {...field('temperature')} inputMode="decimal" />)}
        {row('topP', 'Top p', <input {...field('topP')} inputMode="decimal" />)}
        {row('maxTokens', 'Max tokens', <input {...field('maxTokens')} inputMode="numeric" />)}
        {row('seed', 'Seed', <input {...field('seed')} inputMode="numeric" />)}
      </fieldset>
      <fieldset className="form-grid">
        <legend>Requests</legend>
        {row(
          'timeoutSeconds',
          'Timeout (s)',
          <input {...field('timeoutSeconds')} inputMode="decimal" />,
        )}
        {row('maxRetries', 'Retries', <input {...field('maxRetries')} inputMode="numeric" />)}
      </fieldset>
      {actionError && <ApiErrorText error={actionError} />}
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button
          type="button"
          onClick={() => {
            llmStore.getState().clearActionError();
            onDone();
          }}
        >
          Cancel <kbd>Esc</kbd>
        </button>
      </div>
    </form>
  );
}
