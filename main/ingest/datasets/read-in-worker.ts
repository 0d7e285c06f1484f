import { basename } from 'node:path';
import { WorkbenchError, type ErrorCode } from '../../../shared/api/result';
import type { DatasetFormat, DatasetImport } from '../../../shared/datasets';
import { JobError } from '../../jobs/job-error';
import type { JobRunner } from '../../jobs/job-runner';
import { runInWorker } from '../../jobs/run-in-worker';

export interface DatasetReadOptions {
  /** Track the read as a `dataset` job (events, a `jobs` row, cancel by id). */
  jobs?: JobRunner;
  signal?: AbortSignal;
  /** The biggest benchmark file (TAT-QA train, 60 MB) reads in about 10 s. */
  timeoutMs?: number;
  /** A file that needs more heap ends its worker with a clear error, not the app. */
  maxHeapMb?: number;
}

const defaults = { timeoutMs: 10 * 60_000, maxHeapMb: 4096 };

/** Reads and validates a dataset file in a worker thread (TAT-QA takes ~2 s of CPU). */
export function readDatasetInWorker(
  format: DatasetFormat,
  path: string,
  options: DatasetReadOptions = {},
): Promise<DatasetImport> {
  const { jobs, ...rest } = options;
  if (!jobs) return readInWorker(format, path, rest);
  return jobs.run({ kind: 'dataset', label: basename(path) }, (job) =>
    readInWorker(format, path, { ...rest, signal: anySignal(rest.signal, job.signal) }),
  );
}

async function readInWorker(
  format: DatasetFormat,
  path: string,
  options: Omit<DatasetReadOptions, 'jobs'>,
): Promise<DatasetImport> {
  const { timeoutMs, maxHeapMb } = { ...defaults, ...options };
  try {
    return await runInWorker<{ format: DatasetFormat; path: string }, DatasetImport>({
      kind: 'dataset',
      module: { callerFilename: __filename, dir: __dirname, name: 'dataset-worker' },
      input: { format, path },
      timeoutMs,
      maxHeapMb,
      signal: options.signal,
    });
  } catch (e) {
    if (!(e instanceof JobError)) throw e;
    switch (e.end) {
      case 'failed':
        throw new WorkbenchError((e.detail.error?.code ?? 'internal') as ErrorCode, e.message);
      case 'cancelled':
        throw new WorkbenchError('cancelled', `reading ${path} was cancelled`);
      case 'timeout':
        throw new WorkbenchError(
          'internal',
          `reading ${path} took longer than ${timeoutMs / 1000} s and was stopped`,
        );
      case 'out-of-memory':
        throw new WorkbenchError(
          'file-too-large',
          `${basename(path)}: too large to read (it needed more than ${maxHeapMb} MB of memory)`,
        );
      case 'crashed':
        throw new WorkbenchError(
          'internal',
          e.detail.exitCode !== undefined
            ? `reading ${path} stopped (exit ${e.detail.exitCode})`
            : `reading ${path} crashed: ${e.message}`,
        );
    }
  }
}

/** Aborts when either signal does. */
function anySignal(a: AbortSignal | undefined, b: AbortSignal): AbortSignal {
  return a ? AbortSignal.any([a, b]) : b;
}
