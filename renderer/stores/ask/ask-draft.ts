import type { ApiClient } from '../../api/client-core';
import type { AskAccess, AskState } from './ask-state';

/**
 * The ask store's draft settings and prompt templates: a template belongs to one mode, so the
 * draft drops a template of another mode, and a template saved is picked.
 */
export function askDraftSlice(
  api: ApiClient,
  { get, set }: AskAccess,
): Pick<AskState, 'setDraft' | 'loadTemplates' | 'saveTemplate'> {
  return {
    setDraft(patch) {
      const draft = { ...get().draft, ...patch };
      // A template belongs to one mode: another mode goes back to that mode's default.
      const t = get().templates;
      const template =
        t.status === 'ready' ? t.templates.find((x) => x.id === draft.templateId) : undefined;
      if (draft.templateId !== undefined && template && template.mode !== draft.mode)
        delete draft.templateId;
      set({ draft });
    },
    async loadTemplates(force = false) {
      const t = get().templates;
      if (!force && (t.status === 'ready' || t.status === 'loading')) return;
      set({ templates: { status: 'loading' } });
      const r = await api.call('ask.templates', {});
      set({
        templates: r.ok
          ? { status: 'ready', templates: r.value.templates }
          : { status: 'error', error: r.error },
      });
    },
    async saveTemplate(template) {
      const r = await api.call('ask.saveTemplate', { template: { ...template, builtin: false } });
      if (!r.ok) return r.error;
      const saved = r.value.template;
      const t = get().templates;
      const list = t.status === 'ready' ? t.templates.filter((x) => x.id !== saved.id) : [];
      set({
        templates: { status: 'ready', templates: [...list, saved] },
        draft: { ...get().draft, mode: saved.mode, templateId: saved.id },
      });
      return undefined;
    },
  };
}
