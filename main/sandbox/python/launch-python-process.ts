import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import type * as Esbuild from 'esbuild';
import type { PythonProcessArgs } from './messages';
import { compact } from '../../../shared/util/compact';

/**
 * Starts a Python sandbox process (python-process.ts) behind the outer wall (issue 21):
 * - Node's permission model: it may read only Pyodide's package folder and the folder of its
 *   own code; no file writes, child processes, worker threads, native addons, WASI or
 *   inspector (Node enforces these in its C++ layer, whatever JavaScript runs);
 * - `--disallow-code-generation-from-strings`: `eval` and `Function(...)` throw, so an escape
 *   into JavaScript can only call functions that already exist;
 * - an empty environment and Pyodide's folder as its working directory;
 * - a V8 heap cap (the wasm heap has its own, load-pyodide.ts);
 * - stdout ignored, stderr kept only for the last lines of a crash, and an IPC channel.
 * The process itself refuses to start if the permission model is not in force (lockdown.ts).
 */

/** V8 heap of the process (Pyodide's glue and the strings it converts); wasm is separate. */
const OLD_GENERATION_MB = 256;

export function pyodideDir(): string {
  return dirname(require.resolve('pyodide/package.json'));
}

/** Node ≥ 22.13 and ≥ 23.5 call it --permission; Node 20 (and Electron 45's 22.x) accept this. */
function permissionFlag(): string {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 23 || (major === 23 && minor >= 5) || (major === 22 && minor >= 13)
    ? '--permission'
    : '--experimental-permission';
}

export interface LaunchOptions {
  maxHeapBytes: number;
  testOnlyJsHook?: boolean;
  testOnlyHarness?: string;
}

export function launchPythonProcess(options: LaunchOptions): ChildProcess {
  const entry = entryFile();
  const dir = pyodideDir();
  const args: PythonProcessArgs = {
    pyodideDir: dir,
    maxHeapBytes: options.maxHeapBytes,
    ...(options.testOnlyJsHook ? { testOnlyJsHook: true } : {}),
    ...compact({ testOnlyHarness: options.testOnlyHarness }),
  };
  return fork(entry, [JSON.stringify(args)], {
    execPath: process.execPath,
    execArgv: [
      permissionFlag(),
      `--allow-fs-read=${dir}`,
      `--allow-fs-read=${dirname(entry)}`,
      '--disallow-code-generation-from-strings',
      `--max-old-space-size=${OLD_GENERATION_MB}`,
      '--no-warnings',
    ],
    cwd: dir,
    // Nothing of the host's environment; Electron's binary runs as plain Node with this.
    env: process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {},
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'json',
  });
}

/**
 * The compiled python-process.js next to this file (the product). From TypeScript sources
 * (tests, benches) the process cannot use tsx, which starts esbuild as a child process and
 * reads outside the allowed folders: its code is bundled once into one .js file in a folder of
 * its own under the temp directory, named by the hash of the sources, and that folder is the
 * one it may read.
 */
function entryFile(): string {
  if (extname(__filename) !== '.ts') return join(__dirname, 'python-process.js');
  return bundledFromSource();
}

let bundled: string | undefined;

function bundledFromSource(): string {
  if (bundled && existsSync(bundled)) return bundled;
  // esbuild is a dev dependency (through tsx and vite); only tests and benches come here.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require('esbuild') as typeof Esbuild;
  const result = esbuild.buildSync({
    entryPoints: [join(__dirname, 'python-process.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${process.versions.node.split('.')[0]}`,
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const folder = join(tmpdir(), `workbench-python-sandbox-${hash}`);
  const file = join(folder, 'python-process.js');
  if (!existsSync(file) || readFileSync(file, 'utf8') !== code) {
    // Written under a temporary name and renamed: parallel test files may race here.
    mkdirSync(folder, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  bundled = file;
  return file;
}
