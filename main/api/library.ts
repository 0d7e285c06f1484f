import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { WorkbenchError } from '../../shared/api/result';
import { documentsRepo, isFileDocument } from '../db/documents-repo';
import type { HandlerMap } from './registry';

export const libraryHandlers: HandlerMap = {
  'library.list': (_input, { workspace }) => ({ documents: documentsRepo(workspace.db).list() }),

  'library.importPaths': ({ paths }, { importer }) => importer.importPaths(paths),

  'library.importBytes': ({ name, bytes }, { importer }) => importer.importBytes(name, bytes),

  'library.importSample': async (_input, { importer, sampleDir }) => {
    const names = (await readdir(sampleDir)).filter((n) => /\.html?$/i.test(n)).sort();
    return importer.importPaths(names.map((n) => join(sampleDir, n)));
  },

  'library.pickAndImport': async (_input, { host, importer }) => {
    if (!host.pickFiles) {
      throw new WorkbenchError(
        'unsupported',
        'no native file dialog here; choose files with the browser picker instead',
      );
    }
    const paths = await host.pickFiles();
    return paths.length ? importer.importPaths(paths) : { items: [] };
  },

  'library.remove': async ({ id }, { workspace, bus }) => {
    const repo = documentsRepo(workspace.db);
    const doc = repo.findById(id);
    if (!doc) return { removed: false };
    if (!isFileDocument(doc))
      throw new WorkbenchError(
        'unsupported',
        `document #${id} (${doc.name}) belongs to a dataset; remove the dataset instead`,
      );
    repo.remove(id);
    await rm(workspace.files.pathFor(doc.sha256), { force: true });
    await workspace.models.removeDocument(id);
    bus.emit('library.changed', { reason: 'remove' });
    return { removed: true };
  },
};
