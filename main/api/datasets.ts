import { open } from 'node:fs/promises';
import { WorkbenchError } from '../../shared/api/result';
import { guessDatasetFormatFromText } from '../../shared/datasets/guess-format';
import { documentsRepo, isFileDocument } from '../db/documents-repo';
import type { HandlerMap } from './registry';

export const datasetsHandlers: HandlerMap = {
  'datasets.list': (_input, { datasets }) => ({ datasets: datasets.list() }),

  'datasets.import': async ({ path, format }, { datasets }) =>
    datasets.report(await datasets.importFile(format, path)),

  'datasets.importDocument': async ({ documentId, format }, { datasets }) =>
    datasets.report(await datasets.importLibraryDocument(documentId, format)),

  'datasets.guessFormat': async ({ documentId }, { workspace }) => {
    const doc = documentsRepo(workspace.db).findById(documentId);
    if (!doc || !isFileDocument(doc))
      throw new WorkbenchError('not-found', `no library file #${documentId} in this workspace`);
    // The first record's shape is at the start: 1 MB is plenty and never the whole big file.
    const fh = await open(workspace.files.pathFor(doc.sha256), 'r');
    try {
      const buf = Buffer.alloc(1024 * 1024);
      const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
      const guess = guessDatasetFormatFromText(
        doc.name,
        buf.subarray(0, bytesRead).toString('utf8'),
      );
      return { format: guess.format ?? null, reason: guess.reason };
    } finally {
      await fh.close();
    }
  },

  'datasets.questions': ({ datasetId }, { datasets }) => ({
    dataset: datasets.summary(datasetId),
    questions: datasets.questions(datasetId),
  }),

  'questions.get': ({ id }, { datasets, disputes, workspace }) => {
    const question = datasets.question(id);
    const document =
      question.documentId === null
        ? null
        : (documentsRepo(workspace.db).findById(question.documentId) ?? null);
    return {
      question,
      dataset: datasets.summary(question.datasetId),
      document,
      goldHistory: disputes.history(id),
    };
  },

  'datasets.remove': ({ id }, { datasets }) => ({ removed: datasets.remove(id) }),
};
