import { WorkbenchError, type ErrorCode } from '../../../shared/api/result';
import type { DatasetFormat, DatasetImport } from '../../../shared/datasets';
import { startWorker } from '../../util/worker-file';

export type DatasetWorkerReply =
  { type: 'done'; imported: DatasetImport } | { type: 'failed'; code: string; message: string };

/** Reads and validates a dataset file in a worker thread (TAT-QA takes ~2 s of CPU). */
export function readDatasetInWorker(format: DatasetFormat, path: string): Promise<DatasetImport> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(__filename, __dirname, 'dataset-worker', {
      workerData: { format, path },
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      fn();
    };
    worker.on('message', (reply: DatasetWorkerReply) =>
      finish(() =>
        reply.type === 'done'
          ? resolve(reply.imported)
          : reject(new WorkbenchError(reply.code as ErrorCode, reply.message)),
      ),
    );
    worker.on('error', (e) =>
      finish(() => reject(new WorkbenchError('internal', `reading ${path} crashed: ${e.message}`))),
    );
    worker.on('exit', (code) =>
      finish(() =>
        reject(new WorkbenchError('internal', `reading ${path} stopped (exit ${code})`)),
      ),
    );
  });
}
