import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { WorkbenchError, type ErrorCode } from '../../shared/api/result';
import type { DatasetFormat, DatasetImport, ImportChanges } from '../../shared/datasets';
import type { ImportItemResult } from '../../shared/library/document';
import { documentsRepo } from '../db/documents-repo';
import { questionsRepo } from '../db/questions-repo';
import type { Importer } from '../library/importer';
import type { Workspace } from '../workspace/workspace';
import { readDatasetFile, referencedPdfs } from '../ingest/datasets';

/** What importing needs: the workspace and the library importer (to store the originals). */
export interface DatasetDeps {
  workspace: Workspace;
  importer: Importer;
}

export interface StoredDataset {
  datasetId: number;
  name: string;
  format: DatasetFormat;
  /** An earlier import of the same file name and format was updated in place. */
  replaced: boolean;
  /** The original file in the library. */
  sourceDocumentId: number;
  /** Referenced PDFs stored in the library (FinanceBench, TableQuest). */
  pdfsStored: number;
  documents: number;
  questions: number;
  tables: number;
  cells: number;
  /** What changed since the last import of the same file (all "added" on a first import). */
  questionChanges: ImportChanges;
  documentChanges: ImportChanges;
  readMs: number;
  storeMs: number;
  imported: DatasetImport;
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** The library id of a stored file; an identical file already in the library counts as stored. */
function libraryId(deps: DatasetDeps, path: string, item: ImportItemResult | undefined): number {
  if (item?.ok) return item.document.id;
  if (item?.error.code === 'duplicate') {
    const existing = documentsRepo(deps.workspace.db).findBySha(sha256(path));
    if (existing) return existing.id;
  }
  throw new WorkbenchError(
    (item?.error.code ?? 'internal') as ErrorCode,
    item?.error.message ?? `${basename(path)}: not stored`,
  );
}

export interface ImportDatasetOptions {
  /** Name to record (default: the file's base name; the API passes the library name). */
  name?: string;
  /** How to read the file; the API reads in a worker thread so the app stays responsive. */
  read?: (format: DatasetFormat, path: string) => Promise<DatasetImport>;
}

/**
 * Imports one dataset file into the workspace: reads and validates it completely first (a bad
 * file changes nothing), stores the original (and the PDFs it references) through the library
 * importer, then writes its documents and questions in one transaction. Re-importing the same
 * file name updates it in place and keeps the ids of unchanged questions.
 */
export async function importDatasetIntoWorkspace(
  deps: DatasetDeps,
  format: DatasetFormat,
  path: string,
  options: ImportDatasetOptions = {},
): Promise<StoredDataset> {
  const t0 = performance.now();
  const imported = options.read ? await options.read(format, path) : readDatasetFile(format, path);
  const readMs = performance.now() - t0;

  const t1 = performance.now();
  const pdfs = referencedPdfs(imported);
  const paths = [path, ...pdfs.map((rel) => join(path, '..', rel))];
  const { items } = await deps.importer.importPaths(paths);
  const ids = paths.map((p, i) => libraryId(deps, p, items[i]));
  const pdfIds = new Map(pdfs.map((rel, i) => [rel, ids[i + 1] as number]));
  const pdfDocumentIds = new Map<string, number>();
  for (const d of imported.documents) {
    const id = d.source.file === undefined ? undefined : pdfIds.get(d.source.file);
    if (id !== undefined) pdfDocumentIds.set(d.externalId, id);
  }
  const name = options.name ?? basename(path);
  const stored = questionsRepo(deps.workspace.db).store({
    name,
    format,
    sourceDocumentId: ids[0] as number,
    importedAt: new Date().toISOString(),
    documents: imported.documents,
    questions: imported.questions,
    pdfDocumentIds,
  });
  const storeMs = performance.now() - t1;

  const tables = imported.documents.flatMap((d) => d.tables);
  return {
    datasetId: stored.id,
    name,
    format,
    replaced: stored.replaced,
    sourceDocumentId: ids[0] as number,
    pdfsStored: pdfs.length,
    documents: imported.documents.length,
    questions: imported.questions.length,
    tables: tables.length,
    cells: tables.reduce((n, t) => n + t.cells.length, 0),
    questionChanges: stored.questions,
    documentChanges: stored.documents,
    readMs,
    storeMs,
    imported,
  };
}
