// @ts-check
/**
 * `npm run web` and `npm start` build through this: each part of dist/ (main, renderer) is rebuilt
 * only when its inputs changed since the build that produced it.
 *
 * A build writes a stamp beside its output (`dist/main/.build-stamp.json`,
 * `dist/renderer/.build-stamp.json`): a SHA-256 over every input file's path and bytes (the
 * sources, the configs, package.json and package-lock.json) and the build's own command, plus each
 * file's size and mtime. The next start compares: sizes and mtimes equal → nothing was read, up to
 * date; otherwise the files that differ are read again and the hash decides, so a `git checkout`
 * that rewrites files with the same bytes costs a read, not a build. The hash is taken before the
 * build runs: a file edited during a build makes the next start build again. A missing output or
 * stamp, or a failed build (its stamp is removed first), always builds.
 *
 * Plain JavaScript on purpose: it runs before dist/ exists, and loading tsx would cost more than
 * the whole check. Type-checked through tsconfig.test.json (checkJs). It lives in main/ because
 * the repo's top-level layout is fixed; tsc does not compile it (main's build takes only .ts).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Bump when what a stamp means changes: every earlier stamp is then out of date. */
export const STAMP_VERSION = 1;

/**
 * @typedef {object} BuildTarget
 * @property {string} name
 * @property {string[]} inputDirs folders whose every file is an input (relative to the root)
 * @property {string[]} inputFiles single input files (a missing one counts as an input too)
 * @property {string[]} outputs files the build must have produced
 * @property {string} stamp the stamp file, inside the output
 * @property {string[][]} commands argv lists run in order from the root (hashed with the inputs)
 */

/**
 * @typedef {object} FileEntry
 * @property {number} size
 * @property {number} mtimeMs
 * @property {string} sha256
 */

/**
 * @typedef {object} Stamp
 * @property {number} version
 * @property {string} hash
 * @property {Record<string, FileEntry>} files
 */

/**
 * @typedef {object} Check
 * @property {boolean} upToDate
 * @property {string} reason why a build is needed, or 'up to date'
 * @property {Stamp} stamp the stamp of the inputs as they are now
 * @property {number} filesRead how many inputs had to be read (0 when every mtime matched)
 */

const sharedFiles = ['tsconfig.base.json', 'package.json', 'package-lock.json'];

/** @type {BuildTarget[]} */
export const TARGETS = [
  {
    name: 'main',
    inputDirs: ['main', 'shared'],
    inputFiles: ['tsconfig.main.json', ...sharedFiles],
    outputs: [
      'dist/main/cli.js',
      'dist/main/electron/launcher.js',
      'dist/main/electron/main.js',
      'dist/shared/api/contract.js',
    ],
    stamp: 'dist/main/.build-stamp.json',
    // The second: `workbench ingest`'s one-file reader and its code cache (bundle-cli-ingest.mjs)
    commands: [
      [binPath('tsc'), '-p', 'tsconfig.main.json'],
      ['node', 'main/build/bundle-cli-ingest.mjs'],
    ],
  },
  {
    name: 'renderer',
    inputDirs: ['renderer', 'shared'],
    inputFiles: ['vite.config.mts', 'tsconfig.renderer.json', ...sharedFiles],
    outputs: ['dist/renderer/index.html'],
    stamp: 'dist/renderer/.build-stamp.json',
    commands: [[binPath('vite'), 'build', '--config', 'vite.config.mts']],
  },
];

/** @param {string} name */
function binPath(name) {
  return join('node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
}

/**
 * Every file under the target's input folders, and its input files, as root-relative paths with
 * forward slashes, sorted.
 * @param {string} root
 * @param {BuildTarget} target
 * @returns {string[]}
 */
export function listInputs(root, target) {
  /** @type {string[]} */
  const out = [];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push(path);
    }
  };
  for (const dir of target.inputDirs) if (existsSync(join(root, dir))) walk(dir);
  out.push(...target.inputFiles);
  return [...new Set(out)].sort();
}

/**
 * The inputs' stamp now. A file whose size and mtime equal the previous stamp's keeps its recorded
 * hash without being read.
 * @param {string} root
 * @param {BuildTarget} target
 * @param {Stamp | undefined} previous
 * @returns {{ stamp: Stamp, filesRead: number }}
 */
export function stampInputs(root, target, previous) {
  /** @type {Record<string, FileEntry>} */
  const files = {};
  const combined = createHash('sha256');
  combined.update(`stamp ${STAMP_VERSION}\0${JSON.stringify(target.commands)}\0`);
  let filesRead = 0;
  for (const path of listInputs(root, target)) {
    const full = join(root, path);
    let entry;
    if (!existsSync(full)) entry = { size: -1, mtimeMs: 0, sha256: 'missing' };
    else {
      const st = statSync(full);
      const before = previous?.files[path];
      if (before && before.size === st.size && before.mtimeMs === st.mtimeMs) entry = before;
      else {
        filesRead++;
        const hash = createHash('sha256').update(readFileSync(full)).digest('hex');
        entry = { size: st.size, mtimeMs: st.mtimeMs, sha256: hash };
      }
    }
    files[path] = entry;
    combined.update(`${path}\0${entry.sha256}\0`);
  }
  return { stamp: { version: STAMP_VERSION, hash: combined.digest('hex'), files }, filesRead };
}

/**
 * @param {string} file
 * @returns {Stamp | undefined}
 */
export function readStamp(file) {
  try {
    /** @type {unknown} */
    const raw = JSON.parse(readFileSync(file, 'utf8'));
    const value = /** @type {Partial<Stamp>} */ (raw);
    if (value.version !== STAMP_VERSION || typeof value.hash !== 'string') return undefined;
    if (typeof value.files !== 'object' || value.files === null) return undefined;
    return /** @type {Stamp} */ (value);
  } catch {
    return undefined;
  }
}

/**
 * Whether the target's output was built from the inputs as they are now.
 * @param {string} root
 * @param {BuildTarget} target
 * @returns {Check}
 */
export function checkTarget(root, target) {
  const previous = readStamp(join(root, target.stamp));
  const { stamp, filesRead } = stampInputs(root, target, previous);
  const missing = target.outputs.find((f) => !existsSync(join(root, f)));
  /** @param {string} reason */
  const result = (reason) => ({ upToDate: reason === 'up to date', reason, stamp, filesRead });
  if (!previous) return result('no build stamp');
  if (missing !== undefined) return result(`${missing} is missing`);
  if (previous.hash !== stamp.hash) return result(changedReason(previous, stamp));
  return result('up to date');
}

/**
 * @param {Stamp} previous
 * @param {Stamp} now
 */
function changedReason(previous, now) {
  const changed = Object.keys(now.files).filter(
    (p) => previous.files[p]?.sha256 !== now.files[p]?.sha256,
  );
  const removed = Object.keys(previous.files).filter((p) => !(p in now.files));
  const names = [...changed, ...removed];
  if (names.length === 0) return 'the build command changed';
  const shown = names.slice(0, 3).join(', ');
  return `${names.length} input${names.length === 1 ? '' : 's'} changed (${shown}${names.length > 3 ? ', …' : ''})`;
}

/** @param {string} file @param {Stamp} stamp */
export function writeStamp(file, stamp) {
  writeFileSync(file, `${JSON.stringify(stamp)}\n`);
}

/**
 * @typedef {object} EnsureOptions
 * @property {(target: BuildTarget) => void} [build] runs the target's build (tests pass a fake)
 * @property {(line: string) => void} [log]
 * @property {boolean} [force]
 */

/**
 * Builds the target if its inputs changed, then records the stamp of the inputs as they were
 * before the build. Returns whether it built.
 * @param {string} root
 * @param {BuildTarget} target
 * @param {EnsureOptions} [options]
 * @returns {boolean}
 */
export function ensureBuilt(root, target, options = {}) {
  const log = options.log ?? (() => {});
  const check = checkTarget(root, target);
  const stampFile = join(root, target.stamp);
  if (check.upToDate && !options.force) {
    // Same bytes, new mtimes (a checkout, a touch): remember the mtimes so the next start reads nothing.
    if (check.filesRead > 0) writeStamp(stampFile, check.stamp);
    log(`${target.name}: up to date, not rebuilt`);
    return false;
  }
  log(`${target.name}: building (${options.force ? 'forced' : check.reason})`);
  rmSync(stampFile, { force: true });
  (options.build ?? runCommands)(target);
  writeStamp(stampFile, check.stamp);
  return true;
}

/** @param {BuildTarget} target */
function runCommands(target) {
  for (const [command, ...args] of target.commands) {
    if (command === undefined) continue;
    const r = spawnSync(command, args, {
      cwd: appRoot(),
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    if (r.error) throw r.error;
    if (r.status !== 0)
      throw new BuildFailed(`${[command, ...args].join(' ')} exited with ${r.status ?? r.signal}`);
  }
  if (target.name === 'main') chmodSync(join(appRoot(), 'dist/main/cli.js'), 0o755);
}

class BuildFailed extends Error {}

function appRoot() {
  // main/build/ → the repo root.
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..');
}

/** @param {string[]} argv */
function main(argv) {
  const force = argv.includes('--force');
  const root = appRoot();
  try {
    for (const target of TARGETS)
      ensureBuilt(root, target, { force, log: (line) => process.stderr.write(`build: ${line}\n`) });
    return 0;
  } catch (e) {
    process.stderr.write(`build: ${e instanceof BuildFailed ? e.message : String(e)}\n`);
    return 1;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
