/** Where the "Show gold" choice is remembered (localStorage in the app, a Map in tests). */
export interface PreferenceStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const key = 'workbench.question.showGold';

export function readShowGold(storage: PreferenceStorage | undefined): boolean {
  try {
    return storage?.getItem(key) === 'true';
  } catch {
    return false; // storage refused (privacy settings): hidden, the safe default
  }
}

export function writeShowGold(storage: PreferenceStorage | undefined, show: boolean): void {
  try {
    storage?.setItem(key, String(show));
  } catch {
    // Not remembered; the choice still holds for this session.
  }
}
