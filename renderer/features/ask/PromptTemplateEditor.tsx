import type { KeyboardEvent } from 'react';
import type { PromptTemplate } from '../../../shared/ask/ask';
import type { ApiError } from '../../../shared/api/result';
import { ApiErrorText } from '../../components/ApiErrorText';

interface Props {
  id: string;
  editing: PromptTemplate;
  setEditing: (t: PromptTemplate) => void;
  error: ApiError | undefined;
  onSave: () => void;
  /** Stop editing (Cancel or Escape). */
  onStop: () => void;
}

/**
 * The template editor: name, system and user text. Not a form of its own (it lives inside the
 * Ask form): Enter in the name saves, Escape stops editing.
 */
export function PromptTemplateEditor({ id, editing, setEditing, error, onSave, onStop }: Props) {
  const editorKeys = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onStop();
    }
  };
  return (
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
              onSave();
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
        <button type="button" className="primary" onClick={onSave}>
          Save template
        </button>
        <button type="button" onClick={onStop}>
          Cancel <kbd>Esc</kbd>
        </button>
      </div>
    </div>
  );
}
