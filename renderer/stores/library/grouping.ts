/** Where the Library's grouping is remembered (localStorage in the app, a Map or none in tests). */
export interface PreferenceStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The Library's documents as one list, or one section per filer (shared/library/company-groups). */
export type Grouping = 'list' | 'company';

const key = 'workbench.library.grouping';

export function readGrouping(storage: PreferenceStorage | undefined): Grouping {
  try {
    return storage?.getItem(key) === 'company' ? 'company' : 'list';
  } catch {
    return 'list'; // storage refused (privacy settings): the plain list
  }
}

export function writeGrouping(storage: PreferenceStorage | undefined, grouping: Grouping): void {
  try {
    storage?.setItem(key, grouping);
  } catch {
    // Not remembered; the choice still holds until the app is reloaded.
  }
}
