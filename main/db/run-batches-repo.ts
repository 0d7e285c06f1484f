import type { Database } from 'better-sqlite3';
import type { RunBatchProgress } from '../../shared/runs/run';
import { perConnection } from './per-connection';

/** A batch a run submitted (migration 14), as stored. */
export interface RunBatchRow {
  id: number;
  runId: number;
  batchId: string;
  inputFileId: string;
  outputFileId: string | null;
  errorFileId: string | null;
  status: RunBatchProgress['status'];
  questionIds: number[];
  counts: { total: number; completed: number; failed: number } | null;
  message: string | null;
  collected: boolean;
}

interface Row {
  id: number;
  run_id: number;
  batch_id: string;
  input_file_id: string;
  output_file_id: string | null;
  error_file_id: string | null;
  status: RunBatchProgress['status'];
  question_ids: string;
  request_counts: string | null;
  message: string | null;
  collected: number;
}

const toBatch = (r: Row): RunBatchRow => ({
  id: r.id,
  runId: r.run_id,
  batchId: r.batch_id,
  inputFileId: r.input_file_id,
  outputFileId: r.output_file_id,
  errorFileId: r.error_file_id,
  status: r.status,
  questionIds: JSON.parse(r.question_ids) as number[],
  counts:
    r.request_counts === null ? null : (JSON.parse(r.request_counts) as RunBatchRow['counts']),
  message: r.message,
  collected: r.collected === 1,
});

/** The SQL of `run_batches`: a Batch API run's batches, the open one polled on resume. */
export const runBatchesRepo = perConnection((db: Database) => {
  const ins = db.prepare<[number, string, string, string, string, string, string, string]>(
    `INSERT INTO run_batches (run_id, batch_id, input_file_id, status, question_ids, request_counts,
       created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const open = db.prepare<[number], Row>(
    'SELECT * FROM run_batches WHERE run_id = ? AND collected = 0 ORDER BY id DESC LIMIT 1',
  );
  const all = db.prepare<[number], Row>('SELECT * FROM run_batches WHERE run_id = ? ORDER BY id');
  const upd = db.prepare<
    [string, string | null, string | null, string, string | null, string, number, string]
  >(
    `UPDATE run_batches SET status = ?, output_file_id = ?, error_file_id = ?, request_counts = ?,
       message = ?, updated_at = ? WHERE run_id = ? AND batch_id = ?`,
  );
  const collect = db.prepare<[string, number, string]>(
    'UPDATE run_batches SET collected = 1, updated_at = ? WHERE run_id = ? AND batch_id = ?',
  );
  const now = () => new Date().toISOString();
  return {
    /** Recorded as soon as the server made it, before the first poll. */
    add(b: {
      runId: number;
      batchId: string;
      inputFileId: string;
      status: RunBatchRow['status'];
      questionIds: number[];
      counts: RunBatchRow['counts'];
    }): void {
      const t = now();
      ins.run(
        b.runId,
        b.batchId,
        b.inputFileId,
        b.status,
        JSON.stringify(b.questionIds),
        JSON.stringify(b.counts),
        t,
        t,
      );
    },
    /** The batch of a run still to poll or collect (the newest), if any. */
    open(runId: number): RunBatchRow | undefined {
      const r = open.get(runId);
      return r ? toBatch(r) : undefined;
    },
    all(runId: number): RunBatchRow[] {
      return all.all(runId).map(toBatch);
    },
    /** What the last poll said. */
    update(
      runId: number,
      batchId: string,
      s: {
        status: RunBatchRow['status'];
        outputFileId: string | null;
        errorFileId: string | null;
        counts: NonNullable<RunBatchRow['counts']>;
        message: string | null;
      },
    ): void {
      upd.run(
        s.status,
        s.outputFileId,
        s.errorFileId,
        JSON.stringify(s.counts),
        s.message,
        now(),
        runId,
        batchId,
      );
    },
    /** Every answer the batch brought is committed: a resume does not poll it again. */
    collected(runId: number, batchId: string): void {
      collect.run(now(), runId, batchId);
    },
  };
});
