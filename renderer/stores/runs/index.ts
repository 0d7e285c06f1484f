import { useStore } from 'zustand';
import { api } from '../../api/client';
import { createCompareStore, type CompareState } from './compare-store';
import { createJudgeEloStore, type JudgeEloState } from './judge-elo-store';
import { createJudgeRunStore, type JudgeRunState } from './judge-run-store';
import { createRunImportStore, type RunImportState } from './run-import-store';
import { createRunItemStore, type RunItemState } from './run-item-store';
import { createRunReportStore, type RunReportState } from './run-report-store';
import { createRunsListStore, type RunsListState } from './runs-list-store';

export const runsListStore = createRunsListStore(api);
export const runReportStore = createRunReportStore(api);
export const compareStore = createCompareStore(api);
export const runItemStore = createRunItemStore(api);
export const runImportStore = createRunImportStore(api);
export const judgeRunStore = createJudgeRunStore(api);
export const judgeEloStore = createJudgeEloStore(api);

export function useRunsList<T>(selector: (s: RunsListState) => T): T {
  return useStore(runsListStore, selector);
}

export function useRunReport<T>(selector: (s: RunReportState) => T): T {
  return useStore(runReportStore, selector);
}

export function useCompare<T>(selector: (s: CompareState) => T): T {
  return useStore(compareStore, selector);
}

export function useRunItem<T>(selector: (s: RunItemState) => T): T {
  return useStore(runItemStore, selector);
}

export function useRunImport<T>(selector: (s: RunImportState) => T): T {
  return useStore(runImportStore, selector);
}

export function useJudgeRun<T>(selector: (s: JudgeRunState) => T): T {
  return useStore(judgeRunStore, selector);
}

export function useJudgeElo<T>(selector: (s: JudgeEloState) => T): T {
  return useStore(judgeEloStore, selector);
}
