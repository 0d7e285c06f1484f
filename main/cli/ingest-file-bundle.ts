import { readFileSync, statSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import type * as IngestFileModule from '../document/ingest-file';

export type IngestFileExports = typeof IngestFileModule;

/**
 * `workbench ingest` reads files through `ingestFile`, loaded from the one-file bundle that
 * `npm run build:main` writes beside tsc's output (main/build/bundle-cli-ingest.mjs: why, and
 * what stays outside it), compiled with V8's code cache from the same build. Same sources,
 * same output bytes; about 60 ms less CPU for a cold ingest of a 10-K (docs/BENCHMARKS.md,
 * "CLI ingest: one file and a code cache").
 *
 * The modules tsc wrote are loaded instead when the bundle is missing (running from source, or
 * a build without the bundle step) or older than them (tsc ran again since: the bundle may hold
 * older code). A cache V8 refuses (another node version or V8 flags) only costs the compile.
 */
const documentDir = join(__dirname, '..', 'document');
const bundleFile = join(documentDir, 'ingest-file.bundle.js');
const cacheFile = join(documentDir, 'ingest-file.bundle.cache');
const compiledModule = join(documentDir, 'ingest-file.js');

/**
 * V8 settings for a process that reads a filing once and exits. By default V8 (node 20) hands
 * a function to its optimizing compiler after little use; a cold ingest then spends about a
 * third of its CPU compiling, mostly on background threads, code it runs for a few hundred
 * milliseconds more. Eight times V8's default budget of interpreted work before that cut a
 * cold CLI ingest of BA's 10-K from about 550 to 440 ms CPU (docs/BENCHMARKS.md, "CLI
 * ingest: one file and a code cache"); 2x to 32x were tried. Process-wide, so only for
 * one-shot commands, set before the reader is compiled: V8 refuses a code cache made under
 * other flags, so the build makes the cache under these.
 */
export function tuneV8ForOneShot(): void {
  setFlagsFromString('--interrupt-budget=540672');
}

/** The bundle's source as a CommonJS module function, with V8's code from `cachedData` if given. */
export function compileBundle(source: string, filename: string, cachedData?: Buffer): Script {
  return new Script(Module.wrap(source), {
    filename,
    ...(cachedData === undefined ? {} : { cachedData }),
  });
}

/** Runs the compiled bundle as the module `filename` (its requires resolve from there). */
export function runBundle(script: Script, filename: string): IngestFileExports {
  const module = { exports: {} as IngestFileExports };
  const init = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: unknown,
    __filename: string,
    __dirname: string,
  ) => void;
  init(module.exports, createRequire(filename), module, filename, dirname(filename));
  return module.exports;
}

function readIfCurrent(): Buffer | null {
  try {
    if (statSync(bundleFile).mtimeMs < statSync(compiledModule).mtimeMs) return null;
    return readFileSync(bundleFile);
  } catch {
    return null; // no bundle (from source, or not built)
  }
}

function readCache(): Buffer | undefined {
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

let loaded: IngestFileExports | undefined;
let loadedFrom: 'bundle with its code cache' | 'bundle' | 'modules' | undefined;

/** Where `loadIngestFile` took the reader from (undefined before it ran): for tests. */
export const ingestFileOrigin = () => loadedFrom;

/**
 * `ingestFile` and its module's other exports: from the bundle when it is current. For
 * one-shot commands (see tuneV8ForOneShot).
 */
export async function loadIngestFile(): Promise<IngestFileExports> {
  if (loaded !== undefined) return loaded;
  tuneV8ForOneShot();
  const source = readIfCurrent();
  if (source === null) {
    loaded = await import('../document/ingest-file.js');
    loadedFrom = 'modules';
    return loaded;
  }
  const cache = readCache();
  const script = compileBundle(source.toString('utf8'), bundleFile, cache);
  loaded = runBundle(script, bundleFile);
  loadedFrom =
    cache !== undefined && !script.cachedDataRejected ? 'bundle with its code cache' : 'bundle';
  return loaded;
}
