import { useStore } from 'zustand';
import { api } from '../../api/client';
import { createDatasetQuestionsStore, type DatasetQuestionsState } from './dataset-questions-store';
import { createQuestionStore, type QuestionState } from './question-store';

export const datasetQuestionsStore = createDatasetQuestionsStore(api);
export const questionStore = createQuestionStore(api, window.localStorage);

export function useDatasetQuestions<T>(selector: (s: DatasetQuestionsState) => T): T {
  return useStore(datasetQuestionsStore, selector);
}

export function useQuestion<T>(selector: (s: QuestionState) => T): T {
  return useStore(questionStore, selector);
}
