import { questionSetsStore, sessionsListStore } from '../../stores/sessions';

/** Takes a set's questions into the session builder and moves the focus there. */
export function startSessionOn(setId: number): void {
  const set = questionSetsStore.getState().sets.find((s) => s.id === setId);
  sessionsListStore.getState().fromQuestionSet(set);
  const title = document.getElementById('new-session-title');
  title?.scrollIntoView();
  // The first field of the builder that is still to fill: the expert's name.
  document
    .querySelector<HTMLInputElement>('form[aria-label="New session"] input[name="expert"]')
    ?.focus();
}
