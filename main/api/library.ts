import { createHash } from 'node:crypto';
import { readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { MethodOutput } from '../../shared/api/contract';
import { jsonBytes } from '../../shared/api/json-bytes';
import { WorkbenchError } from '../../shared/api/result';
import type { ImportItemResult } from '../../shared/library/document';
import { documentsRepo, isFileDocument } from '../db/documents-repo';
import type { HandlerMap } from './registry';

export const libraryHandlers: HandlerMap = {
  /**
   * Answered as JSON bytes: every value comes from STRICT tables whose CHECK constraints hold
   * the contract's rules (kinds, 64-character hashes, fact sources), so a transport sends it as
   * it is instead of validating 2,000 entries with zod, wrapping them in the binary envelope
   * and having the page revive them key by key (docs/BENCHMARKS.md, sector workspace).
   * In-process callers (CLI, tests) still get it checked against the contract by the registry.
   */
  'library.list': (_input, { workspace, facts, host }) => {
    const known = host.kind === 'cli' ? facts.stored() : facts.known();
    const value: MethodOutput<'library.list'> = {
      documents: documentsRepo(workspace.db)
        .list()
        .map((d) => ({ ...d, facts: known.get(d.id) ?? null })),
    };
    return jsonBytes<MethodOutput<'library.list'>>(Buffer.from(JSON.stringify(value), 'utf8'));
  },

  'library.importPaths': ({ paths }, { importer }) => importer.importPaths(paths),

  'library.importBytes': ({ name, bytes }, { importer }) => importer.importBytes(name, bytes),

  // "Open the sample filing": imported the first time, found again (not a duplicate) after.
  'library.importSample': async (_input, { importer, sampleDir, workspace }) => {
    const names = (await readdir(sampleDir)).filter((n) => /\.html?$/i.test(n)).sort();
    const repo = documentsRepo(workspace.db);
    const items: ImportItemResult[] = [];
    for (const name of names) {
      const path = join(sampleDir, name);
      const sha = createHash('sha256')
        .update(await readFile(path))
        .digest('hex');
      const existing = repo.findBySha(sha);
      if (existing) items.push({ ok: true, name, document: existing });
      else items.push(...(await importer.importPaths([path])).items);
    }
    return { items };
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
