import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/services';
import { ftsIndex } from '../../../main/retrieval/fts-index';
import type { ImportReport } from '../../../shared/library/document';
import type { WorkspaceSearchResult } from '../../../shared/retrieval/hit';
import { sampleFiling } from '../../support/cli';
import { tempServices } from '../../support/services';

// Issue 26: a workspace upgraded past migration 24 keeps indexes without their own postings,
// which a search across documents looks up in the shared FTS5 index (slow in a large
// workspace). retrieval.searchAll answers at once, then writes the postings of the documents it
// ranked, in the background, so the next search across documents seeks them.

describe('retrieval.searchAll fills in the postings of documents indexed before them', () => {
  let services: Services;
  let cleanup: () => void;
  let id = 0;
  const call = async <T>(method: string, input: unknown): Promise<T> => {
    const r = await services.registry.call(method, input);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    return r.value as T;
  };

  beforeAll(async () => {
    ({ services, cleanup } = await tempServices());
    const report = await call<ImportReport>('library.importPaths', { paths: [sampleFiling] });
    const item = report.items[0]!;
    if (!item.ok) throw new Error('sample filing not imported');
    id = item.document.id;
    await call('retrieval.search', { documentId: id, question: 'total revenue' });
  }, 60_000);
  afterAll(() => cleanup?.());

  it('answers from the shared index first, then the document has its own postings', async () => {
    const db = services.workspace.db;
    // As an index built before migration 24 is: no postings, no ranking units.
    db.prepare('DELETE FROM retrieval_postings WHERE document_id = ?').run(id);
    db.prepare('DELETE FROM retrieval_ranking_units WHERE document_id = ?').run(id);
    expect(ftsIndex(db).hasPostings(id)).toBe(false);

    const first = await call<WorkspaceSearchResult>('retrieval.searchAll', {
      question: 'total revenue',
    });
    expect(first.documents).toEqual([id]);
    expect(first.hits.length).toBeGreaterThan(0);

    const deadline = Date.now() + 20_000;
    while (!ftsIndex(db).hasPostings(id) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(ftsIndex(db).hasPostings(id)).toBe(true);
    // The same answer through the document's own postings.
    expect(await call('retrieval.searchAll', { question: 'total revenue' })).toEqual(first);
  }, 60_000);
});
