import type { ApiError } from '../../../shared/api/result';
import type { DatasetSummary } from '../../../shared/datasets/stored-question';
import type { RunProgress, RunSummary } from '../../../shared/runs/run';
import type { StartDraft } from './start-draft';

export interface RunsListState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  runs: RunSummary[];
  /** The workspace's datasets: names in the table, choices in the start form. */
  datasets: DatasetSummary[];
  error?: ApiError | undefined;
  /** The last remove (or engine action) that failed; cleared by the next success. */
  actionError?: ApiError | undefined;
  /** Runs ticked for comparison, in the order ticked (at most two: A then B). */
  picked: number[];
  load(force?: boolean): Promise<void>;
  /** Ticks or unticks a run; a third tick drops the oldest. */
  togglePicked(runId: number): void;
  remove(runId: number): Promise<boolean>;
  /** The start form. */
  draft: StartDraft;
  starting: boolean;
  /** The latest `run.progress` of each engine run seen since the app opened. */
  progress: Record<number, RunProgress>;
  /** Runs whose pause, resume or cancel is on its way (buttons disabled meanwhile). */
  acting: Record<number, boolean>;
  setDraft(patch: Partial<StartDraft>): void;
  /** Starts the draft's run; answers its id, or undefined when main refused (actionError). */
  start(): Promise<number | undefined>;
  pause(runId: number): Promise<void>;
  resume(runId: number): Promise<void>;
  cancel(runId: number): Promise<void>;
}

/** What each part of the runs list store reads and writes (zustand's get and set). */
export interface RunsListAccess {
  get: () => RunsListState;
  set: (patch: Partial<RunsListState>) => void;
}
