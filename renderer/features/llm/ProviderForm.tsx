import { useId, useState } from 'react';
import type { ProviderView } from '../../../shared/llm/provider';
import { llmStore, useLlm } from '../../stores/llm';
import { ApiErrorText } from '../../components/ApiErrorText';
import { configOf, draftOf, newDraft, type ProviderDraft } from './provider-draft';
import {
  ApiKeyFields,
  ModelAndRequestFields,
  ServerFields,
  type DraftErrors,
} from './ProviderFormFields';

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
  const [errors, setErrors] = useState<DraftErrors>({});
  const saving = useLlm((s) => s.saving);
  const actionError = useLlm((s) => s.actionError);
  const canPick = useLlm((s) => s.canPickModelFile);
  const kit = { id: useId(), draft, errors, setDraft };
  const cancel = () => {
    llmStore.getState().clearActionError();
    onDone();
  };

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
          cancel();
        }
      }}
    >
      <h2>{provider ? `Edit ${provider.name}` : 'New provider'}</h2>
      <ServerFields kit={kit} canPick={canPick} />
      {draft.preset !== 'embedded' && (
        <ApiKeyFields kit={kit} provider={provider} apiKey={apiKey} setApiKey={setApiKey} />
      )}
      <ModelAndRequestFields kit={kit} />
      {actionError && <ApiErrorText error={actionError} />}
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" onClick={cancel}>
          Cancel <kbd>Esc</kbd>
        </button>
      </div>
    </form>
  );
}
