import { WorkbenchError } from '../../shared/api/result';
import type { DocumentSummary } from '../../shared/library/document';
import { parseJobId } from '../../shared/library/job-ids';
import type { EventPayload } from '../../shared/api/contract';
import { jsonBytes, type JsonBytes } from '../../shared/api/json-bytes';
import type { Document } from '../../shared/model';
import { documentModelsRepo } from '../db/document-models-repo';
import { documentsRepo } from '../db/documents-repo';
import type { EventBus } from '../events/bus';
import type { Workspace } from '../workspace/workspace';
import type { ParseRequest } from './parse-job';

/** Bump when parser output changes: cached models from older parsers are parsed again. */
export const PARSER_VERSION = 7;

/** Answers the model as JSON (UTF-8 bytes) already checked against the Document schema. */
export type ParseDocument = (
  request: ParseRequest,
  onProgress: (done: number, total: number, unit: ProgressUnit) => void,
) => Promise<JsonBytes<Document>>;

export type ProgressUnit = EventPayload<'job.progress'>['unit'];

export type OpenedDocument = { document: DocumentSummary; model: Document };

/**
 * Opens library documents as parsed models: from the cache when the parser has not changed,
 * else by parsing off the main thread. Two opens of one document share one parse.
 */
export class DocumentService {
  private readonly inflight = new Map<number, Promise<Uint8Array>>();

  constructor(
    private readonly ws: Workspace,
    private readonly bus: EventBus,
    private readonly parse: ParseDocument,
  ) {}

  summary(id: number): DocumentSummary {
    const doc = documentsRepo(this.ws.db).findById(id);
    if (!doc) throw new WorkbenchError('not-found', `no document #${id} in this workspace`);
    return doc;
  }

  /**
   * The answer stays JSON bytes from the cache (or the worker) to the transport: the main thread
   * never parses or re-validates a model, which for a 300 MB filing took seconds.
   */
  async open(id: number): Promise<JsonBytes<OpenedDocument>> {
    const document = this.summary(id);
    const answer = (model: Uint8Array) =>
      jsonBytes<OpenedDocument>(
        Buffer.concat([
          Buffer.from(`{"document":${JSON.stringify(document)},"model":`),
          model,
          Buffer.from('}'),
        ]),
      );
    const cached = documentModelsRepo(this.ws.db).get(id);
    if (cached && cached.parser_version === PARSER_VERSION) {
      const bytes = await this.ws.models.read(cached.model_file, cached.model_bytes);
      if (bytes !== null) return answer(bytes);
    }
    if (document.kind !== 'sec-html' && document.kind !== 'pdf') {
      throw new WorkbenchError(
        'unsupported',
        `${document.name}: ${document.kind === 'dataset' ? 'a dataset file; import it with `workbench import-dataset`' : 'not an SEC filing or PDF'}, so it has no document view`,
      );
    }
    let pending = this.inflight.get(id);
    if (!pending) {
      pending = this.parseAndStore(document).finally(() => this.inflight.delete(id));
      this.inflight.set(id, pending);
    }
    return answer(await pending);
  }

  private async parseAndStore(document: DocumentSummary): Promise<Uint8Array> {
    const jobId = parseJobId(document.id);
    const model = await this.parse(
      { path: this.ws.files.pathFor(document.sha256), name: document.name, kind: document.kind },
      (done, total, unit) =>
        this.bus.emit('job.progress', {
          jobId,
          kind: 'parse',
          label: document.name,
          done,
          total,
          unit,
        }),
    );
    // The parser validated it (a parser bug must not poison the cache). The file first, then
    // the row that points at it: a crash in between leaves an orphan file, swept at next open.
    const json = model.$jsonBytes;
    try {
      const file = await this.ws.models.write(document.id, PARSER_VERSION, json);
      documentModelsRepo(this.ws.db).put(document.id, PARSER_VERSION, file, json.byteLength);
    } catch (e) {
      // A read-only workspace, a full disk, or the document removed meanwhile: the reader still
      // gets the document; only the next open parses again.
      console.warn(`[documents] ${document.name}: read but not cached (${(e as Error).message})`);
    }
    return json;
  }
}
