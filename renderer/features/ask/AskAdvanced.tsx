import { PASSAGE_KINDS, parsePassageKind } from '../../../shared/retrieval/passage-kind';
import { askStore } from '../../stores/ask';
import type { AskDraft } from '../../stores/ask/ask-store';
import { PromptTemplates } from './PromptTemplates';

const optionalInt = (s: string) => (s.trim() === '' ? undefined : Math.trunc(Number(s)));

/** Advanced: the retrieval k and unit, the samples, and the prompt templates. */
export function AskAdvanced({ id, draft }: { id: string; draft: AskDraft }) {
  const set = (patch: Partial<AskDraft>) => askStore.getState().setDraft(patch);
  return (
    <details className="ask-advanced">
      <summary>Advanced</summary>
      <div className="ask-pickers">
        <div className="ask-field">
          <label htmlFor={`${id}-k`}>Retrieved hits (k)</label>
          <input
            id={`${id}-k`}
            type="number"
            min={1}
            max={200}
            value={draft.k ?? ''}
            placeholder="default"
            onChange={(e) => set({ k: optionalInt(e.currentTarget.value) })}
          />
        </div>
        <div className="ask-field">
          <label htmlFor={`${id}-unit`}>Unit</label>
          <select
            id={`${id}-unit`}
            value={draft.unit ?? ''}
            onChange={(e) =>
              set({
                unit:
                  e.currentTarget.value === ''
                    ? undefined
                    : parsePassageKind(e.currentTarget.value),
              })
            }
          >
            <option value="">default</option>
            {PASSAGE_KINDS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </div>
        <div className="ask-field">
          <label htmlFor={`${id}-samples`}>Samples</label>
          <input
            id={`${id}-samples`}
            type="number"
            min={1}
            max={15}
            value={draft.samples}
            onChange={(e) =>
              set({ samples: Math.min(15, Math.max(1, optionalInt(e.currentTarget.value) ?? 1)) })
            }
          />
        </div>
      </div>
      <PromptTemplates />
    </details>
  );
}
