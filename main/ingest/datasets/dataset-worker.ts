/** Worker thread: reads one dataset file and posts the documents and questions back. */
import { parentPort, workerData } from 'node:worker_threads';
import { WorkbenchError } from '../../../shared/api/result';
import type { DatasetFormat } from '../../../shared/datasets';
import { readDatasetFile } from '.';
import type { DatasetWorkerReply } from './read-in-worker';

const { format, path } = workerData as { format: DatasetFormat; path: string };
let reply: DatasetWorkerReply;
try {
  reply = { type: 'done', imported: readDatasetFile(format, path) };
} catch (e) {
  reply =
    e instanceof WorkbenchError
      ? { type: 'failed', code: e.code, message: e.message }
      : { type: 'failed', code: 'internal', message: `${path}: ${(e as Error).message}` };
}
parentPort!.postMessage(reply);
