import { rm, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { WorkbenchError } from '../../shared/api/result';
import { contentMismatch, detectDocumentKind } from '../../shared/library/document-kind';
import type { ImportItemResult, ImportReport } from '../../shared/library/document';
import { documentsRepo } from '../db/documents-repo';
import type { EventBus } from '../events/bus';
import type { JobRunner } from '../jobs/job-runner';
import type { StagedFile } from '../workspace/file-store';
import type { Workspace } from '../workspace/workspace';

export interface ImporterOptions {
  maxBytes: number;
  bus: EventBus;
  /** Big files are copied as `import` jobs: progress in bytes, cancel stops the copy. */
  jobs: JobRunner;
}

/** Files above this size report byte progress while they are copied and hashed. */
const PROGRESS_THRESHOLD = 8 * 1024 * 1024;

/**
 * Imports files into a workspace. Each file is its own unit: one bad file yields an error item
 * naming it and the reason, and the others still import. A file's row and its stored original
 * are committed together or not at all.
 */
export class Importer {
  constructor(
    private readonly ws: Workspace,
    private readonly options: ImporterOptions,
  ) {}

  async importPaths(paths: string[]): Promise<ImportReport> {
    const items: ImportItemResult[] = [];
    for (const p of paths) items.push(await this.guard(basename(p), () => this.importPath(p)));
    this.announce(items);
    return { items };
  }

  async importBytes(name: string, bytes: Uint8Array): Promise<ImportReport> {
    const item = await this.guard(name, async () => {
      this.checkSize(name, bytes.byteLength);
      return this.store(name, await this.ws.files.stageFromBytes(bytes));
    });
    this.announce([item]);
    return { items: [item] };
  }

  /**
   * A file the caller already wrote into `files/.incoming/` and hashed (web mode streams an
   * upload there instead of holding it in memory). Checked and stored like any other; the
   * staged file is gone afterwards whatever the outcome.
   */
  async importStaged(name: string, staged: StagedFile): Promise<ImportReport> {
    const item = await this.guard(name, async () => {
      this.checkSize(name, staged.size);
      return this.store(name, staged);
    });
    // After a commit the temporary name no longer exists, so this only removes a refused file.
    if (!item.ok) await this.ws.files.discard(staged);
    this.announce([item]);
    return { items: [item] };
  }

  private async importPath(path: string): Promise<ImportItemResult> {
    const name = basename(path);
    let size: number;
    try {
      const s = await stat(path);
      if (!s.isFile())
        throw new WorkbenchError('file-unreadable', `${name}: not a regular file (${path})`);
      size = s.size;
    } catch (e) {
      if (e instanceof WorkbenchError) throw e;
      throw new WorkbenchError(
        'file-unreadable',
        `${name}: cannot read ${path} (${(e as Error).message})`,
      );
    }
    this.checkSize(name, size);
    let staged: StagedFile;
    try {
      staged =
        size >= PROGRESS_THRESHOLD
          ? await this.options.jobs.run(
              { kind: 'import', label: name, total: size, unit: 'bytes' },
              (job) =>
                this.ws.files.stageFromPath(
                  path,
                  (done) => job.progress(done, size, 'bytes'),
                  job.signal,
                ),
            )
          : await this.ws.files.stageFromPath(path);
    } catch (e) {
      if ((e as Error).name === 'AbortError')
        throw new WorkbenchError('cancelled', `${name}: the import was cancelled`);
      // Writing into the workspace failed: that is the workspace's fault, not the file's.
      if (((e as NodeJS.ErrnoException).path ?? '').startsWith(this.ws.dir)) throw e;
      throw new WorkbenchError(
        'file-unreadable',
        `${name}: cannot read ${path} (${(e as Error).message})`,
      );
    }
    return this.store(name, staged);
  }

  private checkSize(name: string, size: number): void {
    if (size === 0) throw new WorkbenchError('file-empty', `${name}: the file is empty`);
    if (size > this.options.maxBytes) {
      throw new WorkbenchError(
        'file-too-large',
        `${name}: ${formatMiB(size)} is over the import limit of ${formatMiB(this.options.maxBytes)}`,
      );
    }
  }

  private async store(name: string, staged: StagedFile): Promise<ImportItemResult> {
    const repo = documentsRepo(this.ws.db);
    const duplicate = (existing: string) =>
      new WorkbenchError(
        'duplicate',
        `${name}: already in the library as "${existing}" (same content, SHA-256)`,
      );
    const existing = repo.findBySha(staged.sha256);
    if (existing) {
      await this.ws.files.discard(staged);
      throw duplicate(existing.name);
    }
    const head = staged.head.toString('latin1');
    const mismatch = contentMismatch(name, head);
    if (mismatch) {
      await this.ws.files.discard(staged);
      throw new WorkbenchError('file-mismatch', `${name}: ${mismatch}`);
    }
    const kind = detectDocumentKind(name, head);
    // Blob first, row second: a crash in between leaves an unreferenced blob (harmless, and
    // overwritten by the next import of the same content), never a row without its file.
    const storedPath = await this.ws.files.commit(staged);
    try {
      const document = repo.insert({
        name,
        kind,
        size: staged.size,
        sha256: staged.sha256,
        importedAt: new Date().toISOString(),
      });
      return { ok: true, name, document };
    } catch (e) {
      const racer = repo.findBySha(staged.sha256);
      if (racer) throw duplicate(racer.name);
      await rm(storedPath, { force: true });
      throw e;
    }
  }

  private async guard(
    name: string,
    work: () => Promise<ImportItemResult>,
  ): Promise<ImportItemResult> {
    try {
      return await work();
    } catch (e) {
      if (e instanceof WorkbenchError)
        return { ok: false, name, error: { code: e.code, message: e.message } };
      const err = e as NodeJS.ErrnoException;
      if (
        err.code === 'EROFS' ||
        err.code === 'EACCES' ||
        err.code === 'EPERM' ||
        /readonly/i.test(err.code ?? '')
      ) {
        return {
          ok: false,
          name,
          error: {
            code: 'workspace-readonly',
            message: `${name}: the workspace cannot be written (${err.message})`,
          },
        };
      }
      return { ok: false, name, error: { code: 'internal', message: `${name}: ${err.message}` } };
    }
  }

  private announce(items: ImportItemResult[]): void {
    if (items.some((i) => i.ok)) this.options.bus.emit('library.changed', { reason: 'import' });
  }
}

const formatMiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
