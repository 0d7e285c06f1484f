import type { Database } from 'better-sqlite3';
import type { HitKind, RetrievalHit, RetrievalUnit } from '../../shared/retrieval/hit';
import type { IndexUnit } from '../../shared/retrieval/units';
import { perConnection } from '../db/per-connection';

/**
 * bm25() column weights (text, headers, caption). Header paths weigh most: a cell is found by
 * what its row and column are called ("Total revenues", "2007"), which its own text (a number)
 * never says; the caption helps less, since every cell of a table shares it.
 * Measured on the benches (docs/BENCHMARKS.md, Retrieval).
 */
export const COLUMN_WEIGHTS = { text: 1, headers: 2, caption: 0.5 } as const;

/** Which unit kinds a search ranks, per retrieval unit. Paragraphs always compete. */
export const kindsFor = (unit: RetrievalUnit): HitKind[] =>
  unit === 'cell'
    ? ['cell', 'paragraph']
    : unit === 'row'
      ? ['row', 'paragraph']
      : ['table', 'paragraph'];

export interface IndexRow {
  document_id: number;
  version_key: string;
  unit_count: number;
  first_unit: number;
  last_unit: number;
  built_at: string;
}

interface MetaRow {
  unit_id: number;
  ordinal: number;
  kind: HitKind;
  block_id: string;
  table_index: number | null;
  source_row: number | null;
  source_col: number | null;
  page: number | null;
  paragraph_index: number | null;
  text: string;
}

export interface RankedUnit {
  ordinal: number;
  hit: RetrievalHit;
}

export const toHit = (r: MetaRow, score: number): RetrievalHit => ({
  kind: r.kind,
  blockId: r.block_id,
  ...(r.table_index !== null ? { tableSourceIndex: r.table_index } : {}),
  ...(r.source_row !== null ? { sourceRow: r.source_row } : {}),
  ...(r.source_col !== null ? { sourceCol: r.source_col } : {}),
  ...(r.page !== null ? { page: r.page } : {}),
  ...(r.paragraph_index !== null ? { paragraphIndex: r.paragraph_index } : {}),
  text: r.text,
  score,
});

/** All SQL on the retrieval tables; statements prepared once per connection. */
export const ftsIndex = perConnection((db: Database) => {
  const getIndex = db.prepare<[number], IndexRow>(
    'SELECT * FROM retrieval_indexes WHERE document_id = ?',
  );
  const delMeta = db.prepare<[number]>('DELETE FROM retrieval_unit_meta WHERE document_id = ?');
  const delIndex = db.prepare<[number]>('DELETE FROM retrieval_indexes WHERE document_id = ?');
  const maxUnit = db.prepare<[], { max: number | null }>(
    'SELECT max(unit_id) AS max FROM retrieval_unit_meta',
  );
  const insMeta = db.prepare(
    `INSERT INTO retrieval_unit_meta
       (unit_id, document_id, ordinal, kind, block_id, table_index, source_row, source_col, page, paragraph_index, text)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insFts = db.prepare(
    'INSERT INTO retrieval_units (rowid, text, headers, caption) VALUES (?, ?, ?, ?)',
  );
  const putIndex = db.prepare(
    `INSERT INTO retrieval_indexes (document_id, version_key, unit_count, first_unit, last_unit, built_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const { text, headers, caption } = COLUMN_WEIGHTS;
  // bm25() is lower-is-better; negated so a hit's score is higher-is-better. The rowid range
  // keeps FTS5 inside one document's units.
  const search = db.prepare<[string, number, number, string, number], MetaRow & { score: number }>(
    `SELECT m.*, -bm25(retrieval_units, ${text}, ${headers}, ${caption}) AS score
       FROM retrieval_units JOIN retrieval_unit_meta m ON m.unit_id = retrieval_units.rowid
      WHERE retrieval_units MATCH ? AND retrieval_units.rowid BETWEEN ? AND ?
        AND m.kind IN (SELECT value FROM json_each(?))
      ORDER BY score DESC, m.ordinal
      LIMIT ?`,
  );
  const unitsOfKinds = db.prepare<[number, string], MetaRow>(
    `SELECT * FROM retrieval_unit_meta WHERE document_id = ? AND kind IN (SELECT value FROM json_each(?))
      ORDER BY ordinal`,
  );

  const build = db.transaction((documentId: number, versionKey: string, units: IndexUnit[]) => {
    delMeta.run(documentId);
    delIndex.run(documentId);
    const first = (maxUnit.get()?.max ?? 0) + 1;
    units.forEach((u, i) => {
      insMeta.run(
        first + i,
        documentId,
        i,
        u.kind,
        u.blockId,
        u.tableSourceIndex ?? null,
        u.sourceRow ?? null,
        u.sourceCol ?? null,
        u.page ?? null,
        u.paragraphIndex ?? null,
        u.text,
      );
      insFts.run(first + i, u.body, u.headers, u.caption);
    });
    putIndex.run(
      documentId,
      versionKey,
      units.length,
      first,
      first + units.length - 1,
      new Date().toISOString(),
    );
  });

  const remove = db.transaction((documentId: number) => {
    delMeta.run(documentId);
    delIndex.run(documentId);
  });

  return {
    get: (documentId: number) => getIndex.get(documentId),
    build: (documentId: number, versionKey: string, units: IndexUnit[]) =>
      build(documentId, versionKey, units),
    remove: (documentId: number) => remove(documentId),
    search: (index: IndexRow, match: string, kinds: HitKind[], limit: number): RankedUnit[] =>
      search
        .all(match, index.first_unit, index.last_unit, JSON.stringify(kinds), limit)
        .map((r) => ({ ordinal: r.ordinal, hit: toHit(r, r.score) })),
    units: (documentId: number, kinds: HitKind[]) =>
      unitsOfKinds.all(documentId, JSON.stringify(kinds)),
  };
});
