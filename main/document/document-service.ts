import { WorkbenchError } from '../../shared/api/result';
import type { DocumentSummary } from '../../shared/library/document';
import { documentJobSubject, type ProgressUnit } from '../../shared/jobs/job';
import { jsonBytes, type JsonBytes } from '../../shared/api/json-bytes';
import type { Document } from '../../shared/document';
import {
  FIRST_SCREEN_BLOCKS,
  firstBlocksOf,
  type FirstScreen,
} from '../../shared/document/first-screen-json';
import { parseCacheRepo } from '../db/parse-cache-repo';
import { documentsRepo, isFileDocument, type FileDocument } from '../db/documents-repo';
import { parseStoredDatasetDocument } from '../../shared/datasets/dataset-document';
import type { JobRunner } from '../jobs/job-runner';
import type { Workspace } from '../workspace/workspace';
import type { ParseRequest } from './parse-job';
import type { ParsedPages } from './parsed-pages';
import type { EventBus } from '../events/bus';
import { log } from '../log/log';

/** Bump when parser output changes: cached models from older parsers are parsed again. */
export const PARSER_VERSION = 20;

/**
 * Answers the model as JSON (UTF-8 bytes) already checked against the Document schema. Aborting
 * the signal stops the parse (its worker is terminated) with a `cancelled` WorkbenchError.
 */
export type ParseDocument = (
  request: ParseRequest,
  onProgress: (done: number, total: number, unit: ProgressUnit) => void,
  signal?: AbortSignal,
  /** A PDF's pages read so far, in page order, while the rest is read (parsed-pages.ts). */
  onPages?: (batch: ParsedPages) => void,
  /**
   * A filing's first blocks and their tables (`FirstBlocks` as UTF-8 JSON), read from its
   * beginning before the rest (first-blocks-read.ts); not called for small files.
   */
  onFirstBlocks?: (json: Uint8Array) => void,
) => Promise<JsonBytes<Document>>;

export type OpenedDocument = { document: DocumentSummary; model: Document };

/** The answer of `firstScreen`: the summary spliced before the kept blocks and tables. */
function firstScreenAnswer(
  document: DocumentSummary,
  first: Buffer,
  partial: boolean,
): JsonBytes<FirstScreen> {
  return jsonBytes<FirstScreen>(
    Buffer.concat([
      Buffer.from(`{"document":${JSON.stringify(document)},${partial ? '"partial":true,' : ''}`),
      first,
      Buffer.from('}'),
    ]),
  );
}

/** First screens kept in memory (each a few kB), the most recently read last. */
const FIRST_SCREENS_KEPT = 64;

/**
 * Opens documents as models: a dataset record as stored at import; a library file from the
 * cache when the parser has not changed, else by parsing off the main thread. Two opens of one
 * file share one parse.
 */
export class DocumentService {
  private readonly inflight = new Map<number, Promise<Uint8Array>>();
  /** Filings' first blocks and their tables as JSON (`"blocks":[…],"tables":[…]`), by id. */
  private readonly firstScreens = new Map<number, Buffer>();
  /**
   * While a filing is read: its first blocks read from its beginning (the same JSON), and who
   * waits for them or the read's end.
   */
  private readonly firstRead = new Map<number, { json?: Buffer; wake: (() => void)[] }>();

  constructor(
    private readonly ws: Workspace,
    private readonly jobs: JobRunner,
    private readonly parse: ParseDocument,
    /** Where a PDF's pages read so far go (`document.pages`), while it is parsed. */
    private readonly bus?: EventBus,
  ) {}

  summary(id: number): DocumentSummary {
    const doc = documentsRepo(this.ws.db).findById(id);
    if (!doc) throw new WorkbenchError('not-found', `no document #${id} in this workspace`);
    return doc;
  }

  /** A library file (with a stored original); a dataset record is refused with a reason. */
  file(id: number): FileDocument {
    const doc = this.summary(id);
    if (!isFileDocument(doc))
      throw new WorkbenchError(
        'unsupported',
        `document #${id} (${doc.name}) is a record of a dataset and has no file of its own; remove or re-import its dataset instead`,
      );
    return doc;
  }

  /**
   * The answer stays JSON bytes from the cache (or the worker) to the transport: the main thread
   * never parses or re-validates a model, which for a 300 MB filing took seconds.
   */
  async open(id: number): Promise<JsonBytes<OpenedDocument>> {
    const document = this.summary(id);
    const model = isFileDocument(document)
      ? await this.fileModel(document)
      : Buffer.from(JSON.stringify(this.recordModel(document)));
    return jsonBytes<OpenedDocument>(
      Buffer.concat([
        Buffer.from(`{"document":${JSON.stringify(document)},"model":`),
        model,
        Buffer.from('}'),
      ]),
    );
  }

  /**
   * A filing's first screen (its summary, first blocks and their tables) as small JSON bytes,
   * for a window opened on it to draw before its app has started; null when its model is not
   * cached (no parse is started for this) or it is not an SEC filing (a PDF's first screen is
   * its page). Cut from the model once (kept in memory) without parsing the rest of it.
   */
  async firstScreen(id: number): Promise<JsonBytes<FirstScreen> | null> {
    const document = this.summary(id);
    if (!isFileDocument(document) || document.kind !== 'sec-html') return null;
    const first = this.firstScreens.get(id) ?? (await this.firstScreenFromCache(id));
    if (first) return firstScreenAnswer(document, first, false);
    // Not read yet: its read is started (or joined, as document.open would), and what its
    // beginning holds answered as soon as it is read, else the whole's, else null.
    const read = this.fileModel(document).then(
      () => undefined,
      () => undefined,
    );
    const reading = this.firstRead.get(id);
    if (reading && !reading.json)
      await Promise.race([read, new Promise<void>((wake) => reading.wake.push(wake))]);
    const whole = this.firstScreens.get(id);
    if (whole) return firstScreenAnswer(document, whole, false);
    const partial = this.firstRead.get(id)?.json;
    return partial ? firstScreenAnswer(document, partial, true) : null;
  }

  private async firstScreenFromCache(id: number): Promise<Buffer | undefined> {
    const cached = parseCacheRepo(this.ws.db).get(id);
    if (!cached || cached.parser_version !== PARSER_VERSION) return undefined;
    const bytes = await this.ws.models.read(cached.model_file, cached.model_bytes);
    return bytes === null ? undefined : this.keepFirstScreen(id, bytes);
  }

  /** The first blocks read from a filing's beginning while the rest is read. */
  private firstBlocksRead(id: number, json: Uint8Array): void {
    const reading = this.firstRead.get(id);
    if (!reading || reading.json) return;
    const text = Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8');
    reading.json = Buffer.from(text.slice(1, -1));
    for (const wake of reading.wake.splice(0)) wake();
  }

  /** Cuts the first screen from a model's JSON bytes and keeps it (undefined: not a model). */
  private keepFirstScreen(id: number, model: Uint8Array): Buffer | undefined {
    const bytes = Buffer.from(model.buffer, model.byteOffset, model.byteLength);
    // One character per byte: JSON's structure is ASCII; the pieces are read back as UTF-8.
    const first = firstBlocksOf(bytes.toString('latin1'), FIRST_SCREEN_BLOCKS, (s, e) =>
      bytes.toString('utf8', s, e),
    );
    if (!first) return undefined;
    const json = JSON.stringify(first);
    const kept = Buffer.from(json.slice(1, -1));
    this.firstScreens.delete(id);
    this.firstScreens.set(id, kept);
    if (this.firstScreens.size > FIRST_SCREENS_KEPT)
      this.firstScreens.delete(this.firstScreens.keys().next().value!);
    return kept;
  }

  /**
   * The model as an object, for readers in this process (the run engine opens each record of a
   * dataset once per run): what `open` answers, without its JSON bytes. A dataset record is read
   * and checked once, not also written out as JSON and parsed back.
   */
  async model(id: number): Promise<Document> {
    const document = this.summary(id);
    if (!isFileDocument(document)) return this.recordModel(document);
    const bytes = await this.fileModel(document);
    return JSON.parse(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'),
    ) as Document;
  }

  /** A library file's model as JSON bytes: from the cache, else parsed (one parse per file at once). */
  private async fileModel(document: FileDocument): Promise<Uint8Array> {
    const id = document.id;
    const cached = parseCacheRepo(this.ws.db).get(id);
    if (cached && cached.parser_version === PARSER_VERSION) {
      const bytes = await this.ws.models.read(cached.model_file, cached.model_bytes);
      if (bytes !== null) return bytes;
    }
    if (document.kind !== 'sec-html' && document.kind !== 'pdf') {
      throw new WorkbenchError(
        'unsupported',
        `${document.name}: ${document.kind === 'dataset' ? 'a dataset file; import it with `workbench import-dataset`' : 'not an SEC filing or PDF'}, so it has no document view`,
      );
    }
    let pending = this.inflight.get(id);
    if (!pending) {
      const reading = { wake: [] as (() => void)[] };
      if (document.kind === 'sec-html') this.firstRead.set(id, reading);
      pending = this.parseAndStore(document).finally(() => {
        this.inflight.delete(id);
        this.firstRead.delete(id);
        for (const wake of reading.wake.splice(0)) wake();
      });
      this.inflight.set(id, pending);
    }
    return pending;
  }

  /**
   * A dataset record is stored whole at import (small: one benchmark record) and never parsed;
   * it is checked (and brought to the current schema) on the way out like any answer.
   */
  private recordModel(document: DocumentSummary): Document {
    const json = documentsRepo(this.ws.db).recordModel(document.id);
    if (json === undefined)
      throw new WorkbenchError('internal', `record #${document.id} has no stored model`);
    return parseStoredDatasetDocument(JSON.parse(json));
  }

  private async parseAndStore(document: FileDocument): Promise<Uint8Array> {
    // A job (main/jobs): progress events, a row in `jobs`, cancel from the document view.
    const model = await this.jobs.run(
      {
        kind: document.kind === 'pdf' ? 'pdf' : 'parse',
        label: document.name,
        subject: documentJobSubject(document.id),
      },
      (job) =>
        this.parse(
          {
            path: this.ws.files.pathFor(document.sha256),
            name: document.name,
            kind: document.kind,
          },
          (done, total, unit) => job.progress(done, total, unit),
          job.signal,
          (batch) =>
            this.bus?.emit('document.pages', { documentId: document.id, jobId: job.id, ...batch }),
          (json) => this.firstBlocksRead(document.id, json),
        ),
    );
    // The parser validated it (a parser bug must not poison the cache). The file first, then
    // the row that points at it: a crash in between leaves an orphan file, swept at next open.
    const json = model.$jsonBytes;
    // The next window opened on it draws its first screen from this (a few ms for a 10-K).
    if (document.kind === 'sec-html') this.keepFirstScreen(document.id, json);
    try {
      const file = await this.ws.models.write(document.id, PARSER_VERSION, json);
      parseCacheRepo(this.ws.db).put(document.id, PARSER_VERSION, file, json.byteLength);
    } catch (e) {
      // A read-only workspace, a full disk, or the document removed meanwhile: the reader still
      // gets the document; only the next open parses again.
      log.warn('document read but not cached', {
        document: document.name,
        reason: (e as Error).message,
      });
    }
    return json;
  }
}
