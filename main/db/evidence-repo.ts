import type { Database } from 'better-sqlite3';
import { perConnection } from './per-connection';
import { evidenceKey, type EvidenceMark, type MarkTarget } from '../../shared/document/evidence';
import { writeTransaction } from './write-transaction';

interface MarkRow {
  id: number;
  document_id: number;
  block_id: string;
  table_id: string | null;
  source_row: number | null;
  source_col: number | null;
  created_at: string;
}

const toMark = (r: MarkRow): EvidenceMark => ({
  id: r.id,
  documentId: r.document_id,
  createdAt: r.created_at,
  target:
    r.table_id === null
      ? { type: 'paragraph', blockId: r.block_id }
      : { type: 'cell', tableId: r.table_id, sourceRow: r.source_row!, sourceCol: r.source_col! },
});

export const evidenceRepo = perConnection((db: Database) => {
  const list = db.prepare<[number], MarkRow>(
    'SELECT * FROM evidence_marks WHERE document_id = ? ORDER BY id',
  );
  const insert = db.prepare<
    [number, string, string, string | null, number | null, number | null, string]
  >(
    `INSERT INTO evidence_marks (document_id, target, block_id, table_id, source_row, source_col, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const remove = db.prepare<[number, string]>(
    'DELETE FROM evidence_marks WHERE document_id = ? AND target = ?',
  );

  return {
    list: (documentId: number) => list.all(documentId).map(toMark),
    /** Marks the target, or unmarks it if it was marked; returns whether it is marked now. */
    toggle: (documentId: number, target: MarkTarget): boolean =>
      writeTransaction(db, () => {
        const key = evidenceKey(target);
        if (remove.run(documentId, key).changes > 0) return false;
        const blockId = target.type === 'cell' ? target.tableId : target.blockId;
        const cell = target.type === 'cell' ? target : undefined;
        insert.run(
          documentId,
          key,
          blockId,
          cell?.tableId ?? null,
          cell?.sourceRow ?? null,
          cell?.sourceCol ?? null,
          new Date().toISOString(),
        );
        return true;
      })(),
  };
});
