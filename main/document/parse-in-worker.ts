import { WorkbenchError, type ErrorCode } from '../../shared/api/result';
import type { Document } from '../../shared/model';
import { startWorker } from '../util/worker-file';
import type { ParseDocument } from './document-service';
import type { ParseReply, ParseRequest } from './parse-job';

const DEFAULT_TIMEOUT_MS = 5 * 60_000;

/**
 * Parses in a worker thread so a 300 MB filing never blocks the API or the window. The worker
 * is terminated on timeout; its progress is forwarded as it comes.
 */
export function parseInWorker(timeoutMs = DEFAULT_TIMEOUT_MS): ParseDocument {
  return (request: ParseRequest, onProgress) =>
    new Promise<Document>((resolve, reject) => {
      const worker = startWorker(__filename, __dirname, 'parse-worker', { workerData: request });
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        fn();
      };
      const timer = setTimeout(
        () =>
          finish(() =>
            reject(
              new WorkbenchError(
                'internal',
                `${request.name}: parsing took longer than ${timeoutMs / 1000} s and was stopped`,
              ),
            ),
          ),
        timeoutMs,
      );
      worker.on('message', (reply: ParseReply) => {
        if (reply.type === 'progress') onProgress(reply.done, reply.total);
        else if (reply.type === 'done') finish(() => resolve(reply.model as Document));
        else finish(() => reject(new WorkbenchError(reply.code as ErrorCode, reply.message)));
      });
      worker.on('error', (e) =>
        finish(() =>
          reject(
            new WorkbenchError('internal', `${request.name}: the parser crashed (${e.message})`),
          ),
        ),
      );
      worker.on('exit', (code) =>
        finish(() =>
          reject(
            new WorkbenchError(
              'internal',
              `${request.name}: the parser stopped unexpectedly (exit ${code})`,
            ),
          ),
        ),
      );
    });
}
