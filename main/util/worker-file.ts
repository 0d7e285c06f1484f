import { extname, join } from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread from a module next to the caller. Compiled code (dist/, app.asar)
 * runs the .js file as is. From TypeScript sources (vitest, tsx) the worker preloads tsx's
 * CommonJS hook (a dev dependency), so tests exercise the same worker code the product runs.
 * (`execArgv: ['--import', 'tsx']` does not reach a worker's entry module on Node 20: hooks
 * registered with module.register stay with the thread that registered them.)
 */
export function startWorker(
  callerFilename: string,
  dir: string,
  baseName: string,
  options: WorkerOptions = {},
): Worker {
  if (extname(callerFilename) !== '.ts') return new Worker(join(dir, `${baseName}.js`), options);
  return new Worker(join(dir, `${baseName}.ts`), {
    ...options,
    execArgv: ['--require', require.resolve('tsx/cjs'), ...(options.execArgv ?? [])],
  });
}
