/**
 * Stands in for any job's worker (testOnlyReplaceNextWorker): it reports that it started, as
 * a real worker does, and then dies mid-run with exit code 3, as a crashing parser would.
 */
import { parentPort } from 'node:worker_threads';
import type { JobWorkerMessage } from '../../../main/jobs/worker-protocol';

const started: JobWorkerMessage<never> = { type: 'progress', done: 1, total: 100, unit: 'percent' };
parentPort?.postMessage(started);
setTimeout(() => process.exit(3), 50);
