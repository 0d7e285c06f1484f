import type { ReactNode } from 'react';
import { ProviderPreset, presetLabels, type ProviderView } from '../../../shared/llm/provider';
import { llmStore } from '../../stores/llm';
import { keyNameFor, withModelFile, withPreset, type ProviderDraft } from './provider-draft';

export type DraftErrors = Partial<Record<keyof ProviderDraft, string>>;

/** What every field of the provider form needs: ids, the draft, its errors, and a setter. */
export interface FieldKit {
  id: string;
  draft: ProviderDraft;
  errors: DraftErrors;
  setDraft: (draft: ProviderDraft) => void;
}

/** An input's props for one draft field: value, change, and its error wired for readers. */
function fieldProps({ id, draft, errors, setDraft }: FieldKit, k: keyof ProviderDraft) {
  return {
    id: `${id}-${k}`,
    value: draft[k],
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': errors[k] ? `${id}-${k}-error` : undefined,
    onChange: (e: { currentTarget: { value: string } }) =>
      setDraft({ ...draft, [k]: e.currentTarget.value }),
  };
}

/** A labelled field with its error, or else its hint. */
function FormRow(p: {
  kit: FieldKit;
  k: keyof ProviderDraft;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  const { id, errors } = p.kit;
  return (
    <div className="form-row">
      <label htmlFor={`${id}-${p.k}`}>{p.label}</label>
      {p.children}
      {errors[p.k] ? (
        <span className="field-error" id={`${id}-${p.k}-error`}>
          {errors[p.k]}
        </span>
      ) : (
        p.hint && <span className="hint">{p.hint}</span>
      )}
    </div>
  );
}

/** A plain text input for one draft field, in its row. */
function InputRow(p: {
  kit: FieldKit;
  k: keyof ProviderDraft;
  label: string;
  inputMode?: 'decimal' | 'numeric';
}) {
  return (
    <FormRow kit={p.kit} k={p.k} label={p.label}>
      <input {...fieldProps(p.kit, p.k)} inputMode={p.inputMode} />
    </FormRow>
  );
}

/** The embedded model's file: a path, or chosen in a file dialog where the shell has one. */
function ModelFileRow({ kit, canPick }: { kit: FieldKit; canPick: boolean }) {
  return (
    <FormRow
      kit={kit}
      k="baseUrl"
      label="Model file"
      hint="The full path of a .gguf file on the machine running the workbench. Test loads it and shows what it is."
    >
      <span className="model-file">
        <input {...fieldProps(kit, 'baseUrl')} required placeholder="/home/me/models/model.gguf" />
        {canPick && (
          <button
            type="button"
            onClick={() =>
              void llmStore
                .getState()
                .pickModelFile()
                .then((path) => {
                  if (path) kit.setDraft(withModelFile(kit.draft, path));
                })
            }
          >
            Choose…
          </button>
        )}
      </span>
    </FormRow>
  );
}

/** Which server: its kind (preset), its name, and its base URL or model file. */
export function ServerFields({ kit, canPick }: { kit: FieldKit; canPick: boolean }) {
  const { draft, setDraft } = kit;
  return (
    <>
      <FormRow kit={kit} k="preset" label="Server">
        <select
          {...fieldProps(kit, 'preset')}
          onChange={(e) => setDraft(withPreset(draft, ProviderPreset.parse(e.currentTarget.value)))}
        >
          {ProviderPreset.options.map((p) => (
            <option key={p} value={p}>
              {presetLabels[p]}
            </option>
          ))}
        </select>
      </FormRow>
      <FormRow kit={kit} k="name" label="Name">
        <input {...fieldProps(kit, 'name')} autoFocus required />
      </FormRow>
      {draft.preset === 'embedded' ? (
        <ModelFileRow kit={kit} canPick={canPick} />
      ) : (
        <FormRow
          kit={kit}
          k="baseUrl"
          label="Base URL"
          hint="Up to /v1: the server must answer /v1/models and /v1/chat/completions."
        >
          <input
            {...fieldProps(kit, 'baseUrl')}
            type="url"
            required
            placeholder="http://127.0.0.1:8080/v1"
          />
        </FormRow>
      )}
    </>
  );
}

/**
 * The API key (write-only: typed, sent on save, never shown) with a way to forget a stored one,
 * and the name it is stored under.
 */
export function ApiKeyFields(p: {
  kit: FieldKit;
  provider: ProviderView | undefined;
  apiKey: string;
  setApiKey: (key: string) => void;
}) {
  const { kit, provider, apiKey } = p;
  return (
    <>
      <div className="form-row">
        <label htmlFor={`${kit.id}-apiKey`}>API key</label>
        <input
          id={`${kit.id}-apiKey`}
          type="password"
          autoComplete="off"
          value={apiKey}
          placeholder={provider?.hasKey ? 'stored (type to replace)' : 'none'}
          onChange={(e) => p.setApiKey(e.currentTarget.value)}
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
      <FormRow
        kit={kit}
        k="apiKeyName"
        label="Key name"
        hint="The name the key is stored under (advanced)."
      >
        <input
          {...fieldProps(kit, 'apiKeyName')}
          placeholder={apiKey ? keyNameFor(kit.draft.name) : 'none'}
        />
      </FormRow>
    </>
  );
}

/** The default model, sampling (empty: the server's default), timeout and retries. */
export function ModelAndRequestFields({ kit }: { kit: FieldKit }) {
  return (
    <>
      <InputRow kit={kit} k="defaultModel" label="Default model" />
      <fieldset className="form-grid">
        <legend>Sampling (empty: the server's default)</legend>
        <InputRow kit={kit} k="temperature" label="Temperature" inputMode="decimal" />
        <InputRow kit={kit} k="topP" label="Top p" inputMode="decimal" />
        <InputRow kit={kit} k="maxTokens" label="Max tokens" inputMode="numeric" />
        <InputRow kit={kit} k="seed" label="Seed" inputMode="numeric" />
      </fieldset>
      <fieldset className="form-grid">
        <legend>Requests</legend>
        <InputRow kit={kit} k="timeoutSeconds" label="Timeout (s)" inputMode="decimal" />
        <InputRow kit={kit} k="maxRetries" label="Retries" inputMode="numeric" />
      </fieldset>
    </>
  );
}
