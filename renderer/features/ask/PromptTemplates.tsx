import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { PromptTemplate } from '../../../shared/ask/ask';
import { askStore, useAsk } from '../../stores/ask';
import type { ApiError } from '../../../shared/api/result';
import { ApiErrorText } from '../../components/ApiErrorText';

/** An id for a user's copy: from its name, unique enough, within the contract's 64 characters. */
const copyId = (name: string) =>
  `my-${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)}-${Date.now().toString(36)}`;

/**
 * The prompt an ask uses: the mode's built-in template (DocMath-Eval presets among them) or
 * one of the user's, shown as text; a built-in one is copied to be edited. Lives inside the Ask
 * form, so the editor is not a form of its own: Enter in the name saves, Escape stops editing.
 */
export function PromptTemplates() {
  const id = useId();
  const templates = useAsk((s) => s.templates);
  const mode = useAsk((s) => s.draft.mode);
  const templateId = useAsk((s) => s.draft.templateId);
  const [editing, setEditing] = useState<PromptTemplate>();
  const [error, setError] = useState<ApiError>();

  useEffect(() => {
    void askStore.getState().loadTemplates();
  }, []);

  if (templates.status === 'error') return <ApiErrorText error={templates.error} />;
  if (templates.status !== 'ready') return <p className="hint">Loading prompt templates…</p>;
  const ofMode = templates.templates.filter((t) => t.mode === mode);
  const fallback = ofMode.find((t) => t.builtin && t.id === mode) ?? ofMode[0];
  const current = ofMode.find((t) => t.id === templateId) ?? fallback;

  const save = async () => {
    if (!editing) return;
    const refused = await askStore.getState().saveTemplate(editing);
    setError(refused);
    if (!refused) setEditing(undefined);
  };
  const editorKeys = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setEditing(undefined);
      setError(undefined);
    }
  };

  return (
    <div className="prompt-templates">
      <div className="ask-field">
        <label htmlFor={`${id}-template`}>Prompt template</label>
        <select
          id={`${id}-template`}
          value={current?.id ?? ''}
          onChange={(e) => {
            const picked = e.currentTarget.value;
            askStore
              .getState()
              .setDraft({ templateId: picked === fallback?.id ? undefined : picked });
            setEditing(undefined);
          }}
        >
          {ofMode.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
              {t.builtin ? '' : ' (yours)'}
            </option>
          ))}
        </select>
      </div>
      {current && !editing && (
        <details className="template-text">
          <summary>Prompt text</summary>
          <p className="hint">
            Placeholders: {'{question}'}, {'{context}'} (the retrieved cells and paragraphs),{' '}
            {'{helpers}'} (how to read cells).
          </p>
          <h4>System</h4>
          <pre>{current.system}</pre>
          <h4>User</h4>
          <pre>{current.user}</pre>
          <button
            type="button"
            onClick={() =>
              setEditing(
                current.builtin
                  ? {
                      ...current,
                      id: copyId(current.name),
                      name: `${current.name} (copy)`.slice(0, 120),
                      builtin: false,
                    }
                  : current,
              )
            }
          >
            {current.builtin ? 'Copy to edit' : 'Edit'}
          </button>
        </details>
      )}
      {editing && (
        <div
          className="template-editor"
          role="group"
          aria-label="Edit prompt template"
          onKeyDown={editorKeys}
        >
          <div className="ask-field">
            <label htmlFor={`${id}-tname`}>Name</label>
            <input
              id={`${id}-tname`}
              value={editing.name}
              onChange={(e) => setEditing({ ...editing, name: e.currentTarget.value })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void save();
                }
              }}
            />
          </div>
          <div className="ask-field">
            <label htmlFor={`${id}-tsystem`}>System</label>
            <textarea
              id={`${id}-tsystem`}
              rows={6}
              value={editing.system}
              onChange={(e) => setEditing({ ...editing, system: e.currentTarget.value })}
            />
          </div>
          <div className="ask-field">
            <label htmlFor={`${id}-tuser`}>User</label>
            <textarea
              id={`${id}-tuser`}
              rows={6}
              value={editing.user}
              onChange={(e) => setEditing({ ...editing, user: e.currentTarget.value })}
            />
          </div>
          {error && <ApiErrorText error={error} />}
          <div className="actions">
            <button type="button" className="primary" onClick={() => void save()}>
              Save template
            </button>
            <button
              type="button"
              onClick={() => {
                setEditing(undefined);
                setError(undefined);
              }}
            >
              Cancel <kbd>Esc</kbd>
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
