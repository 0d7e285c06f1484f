import type { DatasetSummary } from '../../../shared/api/contract';
import type { ApiError } from '../../../shared/api/result';
import type { DatasetFormat } from '../../../shared/datasets';
import type { ImportItemResult } from '../../../shared/library/document';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import type { KindFilter, LibraryView, SortKey } from './library-view';
import type { Grouping } from './grouping';

export interface FormatGuess {
  format: DatasetFormat | null;
  reason: string;
}

export interface ImportProgress {
  label: string;
  done: number;
  total: number;
}

export interface LibraryState {
  documents: LibraryEntry[];
  /** Search, kind filter and sort of the document table. */
  view: LibraryView;
  /** What each dataset file's shape says its format is (datasets.guessFormat), by document id. */
  formatGuesses: Record<number, FormatGuess>;
  /** Asks once per dataset file for its format guess. */
  loadFormatGuess(documentId: number): Promise<void>;
  datasets: DatasetSummary[];
  loaded: boolean;
  busy: boolean;
  /** Failure of the last list/remove call (import failures are per item, in lastImport). */
  error?: ApiError | undefined;
  lastImport: ImportItemResult[];
  progress?: ImportProgress | undefined;
  /** Asks for the list and the datasets again (after a change). */
  refresh(): Promise<void>;
  /**
   * The screen's load on showing: joins a refresh already on its way (the one started as the
   * app loads, see ./index.ts), or keeps one answered in the last two seconds, instead of
   * asking twice; else refreshes. (Changes arrive as `library.changed` events meanwhile.)
   */
  load(): Promise<void>;
  importFiles(files: File[]): Promise<void>;
  /**
   * Imports the sample filing, or finds it when it is already in the library, and answers its
   * document id for the screen to open (undefined when it could not be imported: see lastImport).
   */
  openSample(): Promise<number | undefined>;
  /** The documents as one list or one section per filer; remembered (localStorage). */
  grouping: Grouping;
  setGrouping(grouping: Grouping): void;
  setQuery(query: string): void;
  setKindFilter(kind: KindFilter): void;
  sortBy(key: SortKey): void;
  pickAndImport(): Promise<void>;
  remove(id: number): Promise<void>;
  /** Reads a dataset file already in the library into documents and questions. */
  readDataset(documentId: number, format: DatasetFormat): Promise<void>;
  removeDataset(id: number): Promise<void>;
  dismissImport(): void;
  /** Outcome of the last dataset read, shown next to the import report. */
  datasetNotice?: { ok: boolean; message: string } | undefined;
}

/** What each part of the library store reads and writes (zustand's get and set). */
export interface LibraryAccess {
  get: () => LibraryState;
  set: (patch: Partial<LibraryState>) => void;
}
