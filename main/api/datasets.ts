import { documentsRepo } from '../db/documents-repo';
import type { HandlerMap } from './registry';

export const datasetsHandlers: HandlerMap = {
  'datasets.list': (_input, { datasets }) => ({ datasets: datasets.list() }),

  'datasets.import': async ({ path, format }, { datasets }) =>
    datasets.report(await datasets.importFile(format, path)),

  'datasets.importDocument': async ({ documentId, format }, { datasets }) =>
    datasets.report(await datasets.importLibraryDocument(documentId, format)),

  'datasets.questions': ({ datasetId }, { datasets }) => ({
    dataset: datasets.summary(datasetId),
    questions: datasets.questions(datasetId),
  }),

  'questions.get': ({ id }, { datasets, workspace }) => {
    const question = datasets.question(id);
    const document =
      question.documentId === null
        ? null
        : (documentsRepo(workspace.db).findById(question.documentId) ?? null);
    return { question, dataset: datasets.summary(question.datasetId), document };
  },

  'datasets.remove': ({ id }, { datasets }) => ({ removed: datasets.remove(id) }),
};
