import type { StoredQuestion } from '../../../shared/datasets';
import type { RetrievalService } from '../../retrieval/retrieval-service';
import type { RunDocuments } from './run-documents';

/**
 * Records whose indexes are built together, ahead of their questions: below RunDocuments' KEEP
 * (32), so the records opened for it are still open when their questions are asked.
 */
export const INDEX_GROUP = 16;

/**
 * The retrieval indexes of a run's next records, built in one transaction per group of
 * `INDEX_GROUP` records before their first question is asked, instead of one transaction per
 * record inside its first search: on a cold workspace a 1,000-question TAT-QA run builds ~170
 * indexes, and each commit of its own was an fsync that stopped the event loop and an FTS5
 * segment to merge later (issue 26, docs/BENCHMARKS.md "Runs engine"). Only records that are
 * not library files (dataset records: small, and each asked several times) are grouped; a
 * filing's index is still built by its first search. Best effort: a record that cannot be opened
 * or indexed here is left to its question, which reports why.
 */
export class RunIndexes {
  private readonly seen = new Set<number>();

  constructor(
    private readonly docs: Pick<RunDocuments, 'get'>,
    private readonly retrieval: Pick<RetrievalService, 'prepare'>,
    /** Whether a document is a small record worth grouping (not a library file). */
    private readonly groupable: (documentId: number) => boolean,
  ) {}

  /** Before `queue[0]` is asked: builds its record's group if it is not built yet. */
  async ahead(queue: readonly Pick<StoredQuestion, 'documentId'>[]): Promise<void> {
    const first = queue[0]?.documentId;
    if (first === undefined || first === null || this.seen.has(first)) return;
    const ids: number[] = [];
    for (const q of queue) {
      const id = q.documentId;
      if (id === null || this.seen.has(id)) continue;
      this.seen.add(id);
      if (this.groupable(id)) ids.push(id);
      if (ids.length === INDEX_GROUP) break;
    }
    if (ids.length === 0) return;
    const opened = await Promise.all(
      ids.map((documentId) =>
        this.docs.get(documentId).then(
          (d) => ({ documentId, document: d.document }),
          () => null,
        ),
      ),
    );
    try {
      this.retrieval.prepare(opened.filter((d) => d !== null));
    } catch {
      // Each question's own search builds (or fails to build, and says why) as before.
    }
  }
}
