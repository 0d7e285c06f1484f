import type { Database } from 'better-sqlite3';
import { WorkbenchError } from '../../shared/api/result';
import { cosine } from '../../shared/retrieval/fusion';
import type { HitKind, RetrievalHit } from '../../shared/retrieval/hit';
import { perConnection } from '../db/per-connection';
import { ftsIndex, toHit } from './fts-index';
import { writeTransaction } from '../db/write-transaction';

/** Texts to vectors, one per text, in order (main/llm's LlmService.embed adapts to this). */
export type Embedder = (texts: string[], signal?: AbortSignal) => Promise<number[][]>;

/** Texts per embeddings request: small enough for local servers' batch limits. */
const BATCH = 64;
/** Characters of a unit sent to the embedder (a long paragraph is cut; its start says most). */
const MAX_CHARS = 2000;

const vectors = perConnection((db: Database) => {
  const have = db.prepare<[number, string], { ordinal: number; vector: Buffer }>(
    'SELECT ordinal, vector FROM retrieval_vectors WHERE document_id = ? AND model = ?',
  );
  const put = db.prepare<[number, string, number, Buffer]>(
    'INSERT OR REPLACE INTO retrieval_vectors (document_id, model, ordinal, vector) VALUES (?, ?, ?, ?)',
  );
  const putMany = writeTransaction(
    db,
    (documentId: number, model: string, rows: [number, Buffer][]) => {
      for (const [ordinal, vector] of rows) put.run(documentId, model, ordinal, vector);
    },
  );
  return { have: (id: number, model: string) => have.all(id, model), putMany };
});

/** float32 little-endian, the BLOB layout `retrieval_vectors` stores. */
export const toBlob = (v: readonly number[]): Buffer => {
  const b = Buffer.alloc(v.length * 4);
  v.forEach((x, i) => b.writeFloatLE(x, i * 4));
  return b;
};
export const fromBlob = (b: Buffer): Float32Array => {
  const out = new Float32Array(b.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = b.readFloatLE(i * 4);
  return out;
};

function checkVectors(got: number[][], want: number): void {
  if (
    !Array.isArray(got) ||
    got.length !== want ||
    got.some((v) => !Array.isArray(v) || v.length === 0 || v.some((x) => !Number.isFinite(x)))
  )
    throw new WorkbenchError(
      'llm-bad-response',
      `the embeddings endpoint answered ${Array.isArray(got) ? got.length : 'no'} vectors for ${want} texts, or vectors that are not lists of numbers`,
    );
}

/**
 * The dense ranking: units of the given kinds by cosine similarity to the question. Vectors
 * of units not yet embedded with this model are computed (in batches) and stored, so a
 * document is embedded once per model; a rebuilt index drops them (foreign key cascade).
 */
export async function denseRanking(
  db: Database,
  documentId: number,
  model: string,
  kinds: HitKind[],
  question: string,
  embed: Embedder,
  limit: number,
  signal?: AbortSignal,
): Promise<RetrievalHit[]> {
  const units = ftsIndex(db).units(documentId, kinds);
  const stored = new Map(
    vectors(db)
      .have(documentId, model)
      .map((r) => [r.ordinal, fromBlob(r.vector)]),
  );
  const missing = units.filter((u) => !stored.has(u.ordinal));
  for (let i = 0; i < missing.length; i += BATCH) {
    const batch = missing.slice(i, i + BATCH);
    const got = await embed(
      batch.map((u) => u.text.slice(0, MAX_CHARS)),
      signal,
    );
    checkVectors(got, batch.length);
    const rows: [number, Buffer][] = batch.map((u, j) => [u.ordinal, toBlob(got[j]!)]);
    vectors(db).putMany(documentId, model, rows);
    rows.forEach(([ordinal, blob]) => stored.set(ordinal, fromBlob(blob)));
  }
  const [q] = await embed([question], signal);
  checkVectors(q ? [q] : [], 1);
  return units
    .map((u) => ({ u, s: cosine(q!, stored.get(u.ordinal)!) }))
    .sort((a, b) => b.s - a.s || a.u.ordinal - b.u.ordinal)
    .slice(0, limit)
    .map(({ u, s }) => toHit(u, s));
}
