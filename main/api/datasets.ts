import { WorkbenchError } from '../../shared/api/result';
import { questionsRepo } from '../db/questions-repo';
import { readDatasetInWorker } from '../ingest/datasets/read-in-worker';
import { importDatasetIntoWorkspace } from '../ingest/datasets/store-dataset';
import type { ApiContext } from './context';
import type { HandlerMap } from './registry';

const summaryOf = (ctx: ApiContext, id: number) => {
  const s = questionsRepo(ctx.workspace.db).summary(id);
  if (!s) throw new WorkbenchError('internal', `dataset #${id} vanished after import`);
  return s;
};

export const datasetsHandlers: HandlerMap = {
  'datasets.list': (_input, { workspace }) => ({ datasets: questionsRepo(workspace.db).list() }),

  'datasets.import': async ({ path, format }, ctx) => {
    const r = await importDatasetIntoWorkspace(ctx, format, path, { read: readDatasetInWorker });
    ctx.bus.emit('library.changed', { reason: 'dataset' });
    return summaryOf(ctx, r.datasetId);
  },

  'datasets.importDocument': async ({ documentId, format }, ctx) => {
    const doc = ctx.documents.summary(documentId);
    const r = await importDatasetIntoWorkspace(
      ctx,
      format,
      ctx.workspace.files.pathFor(doc.sha256),
      {
        name: doc.name,
        read: readDatasetInWorker,
      },
    );
    ctx.bus.emit('library.changed', { reason: 'dataset' });
    return summaryOf(ctx, r.datasetId);
  },

  'datasets.remove': ({ id }, { workspace, bus }) => {
    const removed = questionsRepo(workspace.db).remove(id);
    if (removed) bus.emit('library.changed', { reason: 'dataset' });
    return { removed };
  },
};
