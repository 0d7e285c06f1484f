import { extname, join } from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread from a module next to the caller. Compiled code (dist/, app.asar)
 * runs the .js file as is. From TypeScript sources (vitest, tsx) the worker first registers
 * tsx's require hook (a dev dependency) and then loads the .ts file, so tests exercise the
 * same worker code the product runs. (`execArgv: ['--import', 'tsx']` does not reach the
 * worker's entry module on Node 20.)
 */
export function startWorker(
  callerFilename: string,
  dir: string,
  baseName: string,
  options: WorkerOptions = {},
): Worker {
  if (extname(callerFilename) !== '.ts') return new Worker(join(dir, `${baseName}.js`), options);
  const entry = JSON.stringify(join(dir, `${baseName}.ts`));
  return new Worker(`require('tsx/cjs'); require(${entry});`, { ...options, eval: true });
}
