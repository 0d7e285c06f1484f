import { useEffect, useMemo, useState } from 'react';
import type { ModelPrice, ProviderView } from '../../../shared/llm/provider';
import { llmStore, useLlm } from '../../stores/llm';
import { ApiErrorText } from '../../components/ApiErrorText';
import { DetectedServers } from './DetectedServers';
import { PriceTable } from './PriceTable';
import { ProviderForm } from './ProviderForm';
import { ProviderList } from './ProviderList';
import { newDraft, type ProviderDraft } from './provider-draft';
import './models.css';

type Editing = { provider: ProviderView } | { initial: ProviderDraft } | undefined;

/** The offline switch: with it on, only servers on this machine are asked. */
function OfflineSwitch({ offline }: { offline: boolean }) {
  return (
    <label className="offline-switch">
      <input
        type="checkbox"
        role="switch"
        checked={offline}
        aria-checked={offline}
        onChange={(e) => void llmStore.getState().setOffline(e.currentTarget.checked)}
      />{' '}
      Offline: only servers on this machine
    </label>
  );
}

/** The Providers title, with adding a server or an embedded model file. */
function ProvidersBar(p: { disabled: boolean; onAdd: (initial: ProviderDraft) => void }) {
  return (
    <div className="section-bar">
      <h2 id="providers-title">Providers</h2>
      <button
        type="button"
        className="primary"
        onClick={() => p.onAdd(newDraft())}
        disabled={p.disabled}
      >
        Add provider
      </button>
      <button type="button" onClick={() => p.onAdd(newDraft('embedded'))} disabled={p.disabled}>
        Add model file
      </button>
    </div>
  );
}

/** The price table with what it is for. */
function PricesSection({ prices }: { prices: ModelPrice[] }) {
  return (
    <section aria-labelledby="prices-title">
      <h2 id="prices-title">Prices</h2>
      <p className="hint">
        Dollars per million tokens, for the cost shown with each answer. A model not listed shows no
        cost.
      </p>
      <PriceTable prices={prices} />
    </section>
  );
}

/**
 * Models: the OpenAI-compatible servers and embedded model files (.gguf, run by the workbench
 * itself) the Ask panel can use (add, edit, test, remove), local
 * servers found on this machine, the offline switch and the price table.
 */
export function ModelsScreen() {
  const status = useLlm((s) => s.status);
  const error = useLlm((s) => s.error);
  const providers = useLlm((s) => s.providers);
  const settings = useLlm((s) => s.settings);
  const actionError = useLlm((s) => s.actionError);
  const [editing, setEditing] = useState<Editing>();
  const known = useMemo(() => new Set(providers.map((p) => p.baseUrl)), [providers]);

  useEffect(() => {
    void llmStore.getState().load(true);
  }, []);

  return (
    <main className="screen models-screen">
      <header className="screen-header">
        <h1>Models</h1>
        {settings && <OfflineSwitch offline={settings.offline} />}
      </header>
      {status === 'error' && error && <ApiErrorText error={error} />}
      {status === 'loading' && <p className="hint">Loading providers…</p>}
      {actionError && !editing && <ApiErrorText error={actionError} />}

      <section aria-labelledby="providers-title">
        <ProvidersBar
          disabled={editing !== undefined}
          onAdd={(initial) => setEditing({ initial })}
        />
        {editing && (
          <ProviderForm
            key={'provider' in editing ? editing.provider.id : 'new'}
            {...editing}
            onDone={() => setEditing(undefined)}
          />
        )}
        {status === 'ready' && (
          <ProviderList providers={providers} onEdit={(p) => setEditing({ provider: p })} />
        )}
        <DetectedServers
          known={known}
          onAdd={(s) =>
            setEditing({
              initial: {
                ...newDraft(s.preset),
                baseUrl: s.baseUrl,
                defaultModel: s.models[0] ?? '',
              },
            })
          }
        />
      </section>

      {settings && <PricesSection prices={settings.prices} />}
    </main>
  );
}
