import { WorkbenchError } from '../../shared/api/result';
import type { DocumentSummary } from '../../shared/library/document';
import { Document } from '../../shared/model';
import { documentModelsRepo } from '../db/document-models-repo';
import { documentsRepo } from '../db/documents-repo';
import type { EventBus } from '../events/bus';
import type { Workspace } from '../workspace/workspace';
import type { ParseRequest } from './parse-job';

/** Bump when parser output changes: cached models from older parsers are parsed again. */
export const PARSER_VERSION = 2;

export type ParseDocument = (
  request: ParseRequest,
  onProgress: (done: number, total: number) => void,
) => Promise<Document>;

/**
 * Opens library documents as parsed models: from the cache when the parser has not changed,
 * else by parsing off the main thread. Two opens of one document share one parse.
 */
export class DocumentService {
  private readonly inflight = new Map<number, Promise<Document>>();

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

  async open(id: number): Promise<{ document: DocumentSummary; model: Document }> {
    const document = this.summary(id);
    const cached = documentModelsRepo(this.ws.db).get(id);
    if (cached && cached.parser_version === PARSER_VERSION) {
      return { document, model: JSON.parse(cached.model) as Document };
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
    return { document, model: await pending };
  }

  private async parseAndStore(document: DocumentSummary): Promise<Document> {
    const jobId = `parse-${document.id}`;
    const model = await this.parse(
      { path: this.ws.files.pathFor(document.sha256), name: document.name, kind: document.kind },
      (done, total) =>
        this.bus.emit('job.progress', { jobId, kind: 'parse', label: document.name, done, total }),
    );
    // Validated before caching: a parser bug must not poison the cache.
    const checked = Document.parse(model);
    documentModelsRepo(this.ws.db).put(document.id, PARSER_VERSION, JSON.stringify(checked));
    return checked;
  }
}
