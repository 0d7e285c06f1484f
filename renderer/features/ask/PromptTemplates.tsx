import { useEffect, useId, useState } from 'react';
import type { PromptTemplate } from '../../../shared/ask/ask';
import { askStore, useAsk } from '../../stores/ask';
import type { ApiError } from '../../../shared/api/result';
import { ApiErrorText } from '../../components/ApiErrorText';
import { PromptTemplateEditor } from './PromptTemplateEditor';

/** An id for a user's copy: from its name, unique enough, within the contract's 64 characters. */
const copyId = (name: string) =>
  `my-${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)}-${Date.now().toString(36)}`;

/** A template to edit: a user's own as it is, a built-in one as a copy of it. */
const editable = (t: PromptTemplate): PromptTemplate =>
  t.builtin
    ? { ...t, id: copyId(t.name), name: `${t.name} (copy)`.slice(0, 120), builtin: false }
    : t;

/** The template's text with its placeholders, and Edit (or Copy to edit). */
function TemplateText(p: { current: PromptTemplate; onEdit: (t: PromptTemplate) => void }) {
  const { current } = p;
  return (
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
      <button type="button" onClick={() => p.onEdit(editable(current))}>
        {current.builtin ? 'Copy to edit' : 'Edit'}
      </button>
    </details>
  );
}

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
  const stop = () => {
    setEditing(undefined);
    setError(undefined);
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
      {current && !editing && <TemplateText current={current} onEdit={setEditing} />}
      {editing && (
        <PromptTemplateEditor
          id={id}
          editing={editing}
          setEditing={setEditing}
          error={error}
          onSave={() => void save()}
          onStop={stop}
        />
      )}
    </div>
  );
}
