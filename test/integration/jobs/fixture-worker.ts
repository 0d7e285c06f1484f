/** A job worker for the runner's tests: each mode is one way a real job can end. */
import { WorkbenchError } from '../../../shared/api/result';
import { serveJob } from '../../../main/jobs/serve-job';

export type FixtureInput =
  | { mode: 'echo'; value: string }
  | { mode: 'spin' }
  | { mode: 'fail' }
  | { mode: 'exit' }
  | { mode: 'hog' };

/** CPU-bound and never yielding, like a parser inside one huge file: only terminate stops it. */
function spin(progress: (done: number, total: number, unit: 'percent') => void): never {
  let i = 0;
  progress(0, 100, 'percent');
  for (;;) if (++i % 50_000_000 === 0) progress(1, 100, 'percent');
}

function hog(): never {
  const keep: number[][] = [];
  for (;;) keep.push(Array.from({ length: 10_000 }, (_, i) => i));
}

serveJob<FixtureInput, string>((input, progress) => {
  switch (input.mode) {
    case 'echo':
      progress(1, 2, 'percent');
      return input.value.toUpperCase();
    case 'spin':
      return spin(progress);
    case 'fail':
      throw new WorkbenchError('file-unreadable', 'fixture: this file is bad');
    case 'exit':
      return process.exit(3);
    case 'hog':
      return hog();
  }
});
