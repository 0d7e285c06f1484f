import Database, { type Database as Db } from 'better-sqlite3';
import { WorkbenchError } from '../../shared/api/result';
import type { Document } from '../../shared/document';
import { hitKey } from '../../shared/retrieval/document-order';
import { reciprocalRankFusion } from '../../shared/retrieval/fusion';
import type {
  RetrievalHit,
  RetrievalOptions,
  WorkspaceSearchOptions,
  WorkspaceSearchResult,
} from '../../shared/retrieval/hit';
import { statementBlocks } from '../../shared/retrieval/statements';
import { searchTerms } from '../../shared/retrieval/terms';
import { DEFAULT_TUNING, type RetrievalTuning } from '../../shared/retrieval/tuning';
import { indexPassages } from '../../shared/retrieval/passages';
import { PARSER_VERSION } from '../document/document-service';
import { denseRanking, type Embedder } from './embeddings';
import { ftsIndex, kindsFor, type IndexRow } from './fts-index';
import { retrievalSchemaSql } from './index-schema';
import { compact } from '../../shared/util/compact';
import { writeTransaction } from '../db/write-transaction';

/**
 * Bump when what is indexed changes (units, their texts, the normaliser, the tokenizer):
 * every document's index is then built again on its next search.
 */
export const RETRIEVAL_INDEX_VERSION = 3;

export const DEFAULT_K = 10;

/** `prepare` builds together only documents of at most this many units (a dataset record). */
export const PREPARE_MAX_UNITS = 2_000;

/** A search across documents ranks the units of this many of the best-ranked documents. */
export const DEFAULT_DOCUMENTS = 3;

/**
 * A cheap fingerprint of a model (FNV-1a over its block and table structure): the index is
 * rebuilt when the document it was built from changed, even without a parser version bump
 * (a re-imported record, a hand-edited model in a test). Hashing the whole JSON would cost
 * more than the search on a 10-K.
 */
export function modelFingerprint(document: Document): string {
  let h = fnvAdd(
    0x811c9dc5,
    `${document.source.name}|${document.source.bytes}|${document.title}|${document.externalId ?? ''}`,
  );
  for (const b of document.blocks)
    h = fnvAdd(h, `${b.type}:${b.id}:${b.type === 'table' ? '' : b.text.length}`);
  for (const t of document.tables)
    h = fnvAdd(h, `${t.id}:${t.caption}:${t.rows.length}:${t.cells.length}`);
  return h.toString(16).padStart(8, '0');
}

/**
 * One string into the FNV-1a hash `h`, then a separator. A function of its own, not a closure
 * made per fingerprint (one per search): under tsx each named closure costs a defineProperty.
 */
function fnvAdd(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h ^ 0x1f;
}

export const indexVersionKey = (document: Document): string =>
  `index ${RETRIEVAL_INDEX_VERSION}; parser ${PARSER_VERSION}; model ${modelFingerprint(document)}`;

/** The BM25F ranking of one document's units (its index must be current). */
function bm25Search(
  db: Db,
  index: IndexRow,
  document: Document,
  question: string,
  options: RetrievalOptions,
  limit: number,
  tuning: RetrievalTuning = DEFAULT_TUNING,
) {
  return ftsIndex(db).search(
    index,
    searchTerms(question),
    kindsFor(options.unit ?? 'cell'),
    limit,
    {
      favoured: statementBlocks(document, question),
      tuning,
    },
  );
}

function ensureIndex(db: Db, documentId: number, document: Document): IndexRow {
  const key = indexVersionKey(document);
  const repo = ftsIndex(db);
  const current = repo.getWithPostings(documentId);
  if (current && current.version_key === key) {
    if (current.with_postings === 1) return current;
    // Built before migration 24: its own postings now, from the same units (the key says they
    // are the same; their count is checked), so this and every later search seek per term.
    const units = indexPassages(document);
    try {
      if (repo.addPostings(documentId, units)) return current;
    } catch (e) {
      // A read-only workspace searches through the shared FTS5 index, as before.
      if ((e as { code?: string }).code?.startsWith('SQLITE_READONLY')) return current;
      throw e;
    }
    repo.build(documentId, key, units);
    return repo.get(documentId)!;
  }
  repo.build(documentId, key, indexPassages(document));
  return repo.get(documentId)!;
}

function checkQuestion(question: string): void {
  if (question.trim() === '')
    throw new WorkbenchError('invalid-input', 'retrieval needs a question (got empty text)');
}

/**
 * Retrieval over the workspace: each document's index lives in the workspace database, built
 * on first search and again when the document's model changed (see indexVersionKey).
 */
export class RetrievalService {
  /** `tuning`: the ranking's settings; only the recall bench passes other than the defaults. */
  constructor(
    private readonly db: Db,
    private readonly tuning: RetrievalTuning = DEFAULT_TUNING,
  ) {}

  /** Builds the document's index if missing or stale, then searches. */
  async search(
    documentId: number,
    document: Document,
    question: string,
    options: RetrievalOptions = {},
    embedder?: Embedder,
    signal?: AbortSignal,
  ): Promise<RetrievalHit[]> {
    checkQuestion(question);
    const k = options.k ?? DEFAULT_K;
    let index: IndexRow;
    try {
      index = ensureIndex(this.db, documentId, document);
    } catch (e) {
      // A read-only workspace can still be searched: index in memory for this call.
      if ((e as { code?: string }).code?.startsWith('SQLITE_READONLY') && !options.embeddings)
        return searchDocument(document, question, options);
      throw e;
    }
    if (!options.embeddings)
      return bm25Search(this.db, index, document, question, options, k, this.tuning).map(
        (r) => r.hit,
      );
    if (!embedder)
      throw new WorkbenchError(
        'unsupported',
        'dense retrieval needs an embeddings endpoint; none was given for this search',
      );
    // Fuse a deeper BM25 list with the dense ranking, so units only one of them finds can rise.
    const depth = Math.max(50, 5 * k);
    const lexical = bm25Search(this.db, index, document, question, options, depth, this.tuning);
    const modelKey = `${options.embeddings.providerId}/${options.embeddings.model}`;
    const dense = await denseRanking(
      this.db,
      documentId,
      modelKey,
      kindsFor(options.unit ?? 'cell'),
      question,
      embedder,
      depth,
      signal,
    );
    const fused = reciprocalRankFusion([lexical.map((r) => r.hit), dense], (h) => hitKey(h));
    return fused.slice(0, k).map((f) => ({
      ...f.item,
      score: f.score,
      ranks: compact({ bm25: f.ranks[0], dense: f.ranks[1] }),
    }));
  }

  /**
   * Retrieval across all indexed documents: the question's terms rank documents first, in the
   * one-row-per-document index (`retrieval_documents`, migration 23), and only the best
   * `options.documents` (default 3) have their units ranked by BM25F, as `search` ranks them;
   * their hits are merged by score. So the cost grows with how many documents hold a term,
   * never with all the workspace's units. Reads stored units only (no document is opened):
   * the statement boost, which needs the parsed document, is left out.
   */
  searchAll(question: string, options: WorkspaceSearchOptions = {}): WorkspaceSearchResult {
    checkQuestion(question);
    const k = options.k ?? DEFAULT_K;
    const repo = ftsIndex(this.db);
    const terms = searchTerms(question);
    const documents = repo
      .searchDocuments(
        terms.map((t) => t.term),
        options.documents ?? DEFAULT_DOCUMENTS,
      )
      .map((d) => d.documentId);
    const hits = documents.flatMap((documentId) => {
      const index = repo.get(documentId);
      if (!index) return [];
      return repo
        .search(index, terms, kindsFor(options.unit ?? 'cell'), k, { tuning: this.tuning })
        .map((r) => ({ ...r.hit, documentId }));
    });
    // Best score first; ties keep the documents' rank and each document's order.
    const ranked = hits
      .map((h, i) => ({ h, i }))
      .sort((a, b) => b.h.score - a.h.score || a.i - b.i)
      .slice(0, k)
      .map((x) => x.h);
    return { hits: ranked, documents, indexed: repo.indexedCount() };
  }

  /**
   * Documents whose index was built before migration 24 (no postings of their own yet): a search
   * across documents still looks their terms up in the shared FTS5 index, which is slow in a
   * large workspace, until their postings are written (`addPostings`).
   */
  withoutPostings(documentIds: readonly number[]): number[] {
    const repo = ftsIndex(this.db);
    return documentIds.filter((id) => repo.get(id) !== undefined && !repo.hasPostings(id));
  }

  /** Writes a document's own postings (or rebuilds a stale index) without searching it. */
  addPostings(documentId: number, document: Document): void {
    ensureIndex(this.db, documentId, document);
  }

  /**
   * Builds the missing or stale indexes of these documents in one transaction (what `search`
   * would build, one transaction each, on their first search): a run over a dataset's records
   * builds a few hundred small indexes, and each transaction of its own cost a commit, an fsync
   * that stops the event loop, and an FTS5 segment to merge (issue 26). Documents of more than
   * `maxUnits` units are left to their first search, so one transaction never holds a filing's
   * worth of writes. A read-only workspace builds nothing here (its searches index in memory).
   * Returns how many indexes were built.
   */
  prepare(
    documents: readonly { documentId: number; document: Document }[],
    maxUnits = PREPARE_MAX_UNITS,
  ): number {
    const repo = ftsIndex(this.db);
    // Each document's key once (its fingerprint walks the model's blocks and tables).
    const todo = documents
      .map(({ documentId, document }) => ({ documentId, document, key: indexVersionKey(document) }))
      .filter(({ documentId, key }) => repo.get(documentId)?.version_key !== key);
    if (todo.length === 0) return 0;
    let built = 0;
    try {
      writeTransaction(this.db, () => {
        for (const { documentId, document, key } of todo) {
          const units = indexPassages(document);
          if (units.length > maxUnits) continue;
          repo.buildInTransaction(documentId, key, units);
          built++;
        }
      })();
    } catch (e) {
      if ((e as { code?: string }).code?.startsWith('SQLITE_READONLY')) return 0;
      throw e;
    }
    return built;
  }

  /** Drops a document's index (removing the document does this too, by cascade). */
  remove(documentId: number): void {
    ftsIndex(this.db).remove(documentId);
  }
}

/** An in-memory SQLite database with the retrieval tables (no `documents` to point at). */
export function memoryIndexDatabase(): Db {
  const nativeBinding = process.env.WORKBENCH_SQLITE_BINDING;
  const db = new Database(':memory:', nativeBinding ? { nativeBinding } : {});
  db.exec(retrievalSchemaSql({ documentsTable: false }));
  return db;
}

/**
 * Documents outside the workspace (`workbench retrieve --doc FILE`): the same index, built in
 * an in-memory database for this one search and dropped after it.
 */
export function searchDocument(
  document: Document,
  question: string,
  options: RetrievalOptions = {},
): RetrievalHit[] {
  checkQuestion(question);
  const db = memoryIndexDatabase();
  try {
    const index = ensureIndex(db, 1, document);
    return bm25Search(db, index, document, question, options, options.k ?? DEFAULT_K).map(
      (r) => r.hit,
    );
  } finally {
    db.close();
  }
}
