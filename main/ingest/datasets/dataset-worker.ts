/** Worker thread: reads one dataset file and posts the documents and questions back. */
import { WorkbenchError } from '../../../shared/api/result';
import type { DatasetFormat } from '../../../shared/datasets';
import { serveJob } from '../../jobs/serve-job';
import { readDatasetFile } from '.';

serveJob<{ format: DatasetFormat; path: string }, ReturnType<typeof readDatasetFile>>(
  ({ format, path }) => readDatasetFile(format, path),
  {
    describeError: (e, { path }) =>
      e instanceof WorkbenchError
        ? { code: e.code, message: e.message }
        : { code: 'internal', message: `${path}: ${(e as Error).message}` },
  },
);
