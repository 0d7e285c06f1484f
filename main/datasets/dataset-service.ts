import { WorkbenchError } from '../../shared/api/result';
import type {
  DatasetFormat,
  DatasetImportReport,
  DatasetSummary,
  QuestionSummary,
  StoredQuestion,
} from '../../shared/datasets';
import { questionsRepo } from '../db/questions-repo';
import type { DocumentService } from '../document/document-service';
import type { EventBus } from '../events/bus';
import { readDatasetInWorker } from '../ingest/datasets/read-in-worker';
import type { Importer } from '../library/importer';
import type { JobRunner } from '../jobs/job-runner';
import type { Workspace } from '../workspace/workspace';
import { importDatasetIntoWorkspace, type StoredDataset } from './import-dataset';
import { compact } from '../../shared/util/compact';

/** Formats whose documents are PDFs beside the dataset file. */
const PDF_BACKED: ReadonlySet<DatasetFormat> = new Set(['financebench', 'tablequest']);

/**
 * Datasets and their questions: the one place the API handlers and the CLI go through to
 * import, list and read them.
 */
export class DatasetService {
  constructor(
    private readonly ws: Workspace,
    private readonly importer: Importer,
    private readonly documents: DocumentService,
    private readonly bus: EventBus,
    /** Reads are tracked as `dataset` jobs: progress events, a `jobs` row, cancel. */
    private readonly jobs?: JobRunner,
  ) {}

  private get repo() {
    return questionsRepo(this.ws.db);
  }

  list(): DatasetSummary[] {
    return this.repo.list();
  }

  summary(id: number): DatasetSummary {
    const s = this.repo.summary(id);
    if (!s) throw new WorkbenchError('not-found', `no dataset #${id} in this workspace`);
    return s;
  }

  /** A dataset by id or by file name ("tatqa_dataset_dev.json"), for the CLI. */
  find(idOrName: string): DatasetSummary {
    const asId = /^\d+$/.test(idOrName) ? this.repo.summary(Number(idOrName)) : undefined;
    if (asId) return asId;
    const byName = this.repo.list().filter((d) => d.name === idOrName);
    if (byName.length === 1) return byName[0]!;
    if (byName.length > 1)
      throw new WorkbenchError(
        'invalid-input',
        `${byName.length} datasets are named ${idOrName} (${byName.map((d) => `#${d.id} ${d.format}`).join(', ')}); give its id`,
      );
    throw new WorkbenchError('not-found', `no dataset ${idOrName} in this workspace`);
  }

  /** Reads a benchmark file at `path` (worker thread) and stores it. */
  async importFile(
    format: DatasetFormat,
    path: string,
    options: { name?: string } = {},
  ): Promise<StoredDataset> {
    const stored = await importDatasetIntoWorkspace(
      { workspace: this.ws, importer: this.importer },
      format,
      path,
      {
        ...compact({ name: options.name }),
        read: (f: DatasetFormat, p: string) =>
          readDatasetInWorker(f, p, compact({ jobs: this.jobs })),
      },
    );
    this.bus.emit('library.changed', { reason: 'dataset' });
    return stored;
  }

  /** Reads a dataset file already in the library. */
  importLibraryDocument(documentId: number, format: DatasetFormat): Promise<StoredDataset> {
    const doc = this.documents.file(documentId);
    // The library keeps the file by its hash, not its folder, so PDFs named relative to it
    // cannot be found from the stored copy.
    if (PDF_BACKED.has(format))
      throw new WorkbenchError(
        'unsupported',
        `${doc.name}: a ${format} file names its PDFs relative to its own folder, which the library copy does not keep; import it from that folder instead (drop the file from there, or run workbench import-dataset --format ${format} PATH)`,
      );
    const stored = this.ws.files.pathFor(doc.sha256);
    return this.importFile(format, stored, { name: doc.name }).catch((e: unknown) => {
      throw e instanceof WorkbenchError ? namedAfter(e, doc.name, stored, doc.sha256) : e;
    });
  }

  report(stored: StoredDataset): DatasetImportReport {
    return {
      dataset: this.summary(stored.datasetId),
      replaced: stored.replaced,
      questions: stored.questionChanges,
      documents: stored.documentChanges,
    };
  }

  remove(id: number): boolean {
    const removed = this.repo.remove(id);
    if (removed) this.bus.emit('library.changed', { reason: 'dataset' });
    return removed;
  }

  questions(datasetId: number): QuestionSummary[] {
    this.summary(datasetId);
    return this.repo.storedQuestions(datasetId).map((q) => ({
      id: q.id,
      externalId: q.externalId,
      datasetId: q.datasetId,
      documentId: q.documentId,
      documentExternalId: q.documentExternalId,
      question: q.question,
      type: q.type,
    }));
  }

  question(id: number): StoredQuestion {
    const q = this.repo.question(id);
    if (!q) throw new WorkbenchError('not-found', `no question #${id} in this workspace`);
    return q;
  }

  /** Every stored question of a dataset with its gold, for grading against the workspace. */
  storedQuestions(datasetId: number): StoredQuestion[] {
    this.summary(datasetId);
    return this.repo.storedQuestions(datasetId);
  }
}

/**
 * The library keeps a file under its SHA-256, so readers name the stored copy; the user knows
 * the file by the name it was imported under. The error keeps its code.
 */
function namedAfter(e: WorkbenchError, name: string, path: string, sha256: string): WorkbenchError {
  const message = e.message.split(path).join(name).split(sha256).join(name);
  if (message === e.message) return e;
  return new WorkbenchError(e.code, message);
}
