import {
  accessSync,
  constants,
  existsSync,
  rmSync,
  statSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { latestSchemaVersion } from '../../db/migrations';
import { nodeTooOldForElectron } from '../../util/gyp-failure';
import { CliError, type CliCommand } from '../command';

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface DoctorCheck {
  name: string;
  status: CheckStatus;
  /** What was found. */
  detail: string;
  /** What to do about a warning or failure. */
  fix?: string;
}

const MiB = 1024 * 1024;

/** Node: 20.19+ runs the CLI, web mode and tests; npm start (Electron 45) wants 22.12+. */
export function checkNode(version = process.versions.node): DoctorCheck {
  if (nodeTooOldForElectron(version, '20.19.0'))
    return {
      name: 'Node',
      status: 'fail',
      detail: `Node ${version} is older than 20.19`,
      fix: 'install Node 22.12 or newer (https://nodejs.org), then npm ci',
    };
  if (nodeTooOldForElectron(version))
    return {
      name: 'Node',
      status: 'warn',
      detail: `Node ${version}: the CLI, web mode and tests run; npm start (Electron 45) needs 22.12+`,
      fix: 'for the desktop app install Node 22.12 or newer; meanwhile use npm run web',
    };
  return { name: 'Node', status: 'ok', detail: `Node ${version}` };
}

/** The SQLite native module loads and works in this runtime. */
export function checkNativeModule(): DoctorCheck {
  try {
    const nativeBinding = process.env.WORKBENCH_SQLITE_BINDING;
    const db = new Database(':memory:', nativeBinding ? { nativeBinding } : {});
    const v = (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
    db.close();
    return { name: 'SQLite module', status: 'ok', detail: `better-sqlite3 loads (SQLite ${v})` };
  } catch (e) {
    return {
      name: 'SQLite module',
      status: 'fail',
      detail: `better-sqlite3 does not load: ${(e as Error).message.split('\n')[0]}`,
      fix: 'rebuild it for this Node: npm rebuild better-sqlite3 (needs Python 3 and a C++ toolchain), or rm -rf node_modules && npm ci',
    };
  }
}

/** Chromium, which the end-to-end tests drive (web mode itself works in any browser). */
export function checkChromium(
  path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
): DoctorCheck {
  try {
    accessSync(path, constants.X_OK);
    return { name: 'Chromium', status: 'ok', detail: `${path} (for the end-to-end tests)` };
  } catch {
    return {
      name: 'Chromium',
      status: 'warn',
      detail: `no Chromium at ${path}: web mode works in your own browser, but the end-to-end tests cannot run`,
      fix: 'install it (apt-get install chromium) or set CHROMIUM_PATH',
    };
  }
}

/** The nearest folder that exists on the way up from `dir`. */
function existingAncestor(dir: string): string {
  let d = dir;
  while (!existsSync(d) && dirname(d) !== d) d = dirname(d);
  return d;
}

/**
 * The workspace folder can be written (a file is written and removed, which is what counts:
 * permissions, read-only mounts and immutable folders all fail it), and its database is one this
 * app can open (not written by a newer version).
 */
export function checkWorkspace(dir: string): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
  const exists = existsSync(dir);
  if (exists && !statSync(dir).isDirectory())
    return [
      {
        name: 'Workspace',
        status: 'fail',
        detail: `${dir} is a file, not a folder`,
        fix: 'choose another folder with --workspace DIR or WORKBENCH_WORKSPACE',
      },
    ];
  const target = exists ? dir : existingAncestor(dir);
  const probe = join(target, `.workbench-doctor-${process.pid}`);
  try {
    writeFileSync(probe, 'ok');
    rmSync(probe, { force: true });
    checks.push({
      name: 'Workspace',
      status: 'ok',
      detail: exists
        ? `${dir} is writable`
        : `${dir} does not exist yet; it can be created in ${target}`,
    });
  } catch (e) {
    checks.push({
      name: 'Workspace',
      status: 'fail',
      detail: `${exists ? dir : target} cannot be written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
      fix: `make it writable (check its permissions, a read-only mount or chattr +i), or choose another folder with --workspace DIR`,
    });
  }
  const dbPath = join(dir, 'workbench.sqlite');
  if (existsSync(dbPath)) {
    try {
      const db = new Database(dbPath, { readonly: true, fileMustExist: true });
      const version = db.pragma('user_version', { simple: true }) as number;
      db.close();
      checks.push(
        version > latestSchemaVersion
          ? {
              name: 'Database',
              status: 'fail',
              detail: `schema ${version} was written by a newer Filing Workbench (this one knows ${latestSchemaVersion})`,
              fix: 'update the app, or use another workspace with --workspace DIR',
            }
          : {
              name: 'Database',
              status: 'ok',
              detail: `schema ${version}${version < latestSchemaVersion ? ` (upgraded to ${latestSchemaVersion} when the app opens it)` : ''}`,
            },
      );
    } catch (e) {
      checks.push({
        name: 'Database',
        status: 'fail',
        detail: `${dbPath} cannot be read: ${(e as Error).message}`,
        fix: 'check the file, or move it aside to start a new workspace',
      });
    }
  }
  return checks;
}

/** Free space where the workspace lives: imports copy whole files, parsed models are cached. */
export function checkDisk(dir: string, minFree = 100 * MiB, lowFree = 1024 * MiB): DoctorCheck {
  const at = existingAncestor(dir);
  try {
    const s = statfsSync(at);
    const free = s.bavail * s.bsize;
    const shown = `${(free / 1024 / MiB).toFixed(1)} GiB free at ${at}`;
    if (free < minFree)
      return {
        name: 'Disk',
        status: 'fail',
        detail: shown,
        fix: 'free some space (imports copy whole files; parsed models are cached in models/ and can be deleted)',
      };
    if (free < lowFree)
      return {
        name: 'Disk',
        status: 'warn',
        detail: shown,
        fix: 'large filings need room: a 300 MB filing and its parsed model take about 0.5 GB',
      };
    return { name: 'Disk', status: 'ok', detail: shown };
  } catch (e) {
    return {
      name: 'Disk',
      status: 'warn',
      detail: `cannot tell free space at ${at}: ${(e as Error).message}`,
    };
  }
}

export function formatReport(checks: readonly DoctorCheck[]): string {
  const mark: Record<CheckStatus, string> = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' };
  return checks
    .map(
      (c) =>
        `${mark[c.status]}  ${c.name.padEnd(14)} ${c.detail}${c.fix ? `\n      ${' '.repeat(14)} → ${c.fix}` : ''}`,
    )
    .join('\n');
}

// Not through the contract: checks Node, the disk and the workspace folder without opening the workspace, so there is no registry to call.
export const doctorCommand: CliCommand = {
  name: 'doctor',
  summary:
    'Check Node, the SQLite module, Chromium, the workspace and free disk, and say what to fix',
  usage: 'workbench doctor [--workspace DIR] [--json]',
  readOnly: true,
  // Never opens the workspace through the services: a broken one is what it diagnoses.
  run(ctx) {
    const checks = [
      checkNode(),
      checkNativeModule(),
      checkChromium(),
      ...checkWorkspace(ctx.workspaceDir),
      checkDisk(ctx.workspaceDir),
    ];
    ctx.say(formatReport(checks));
    const failed = checks.filter((c) => c.status === 'fail');
    const result = { ok: failed.length === 0, workspace: ctx.workspaceDir, checks };
    if (failed.length)
      throw new CliError(
        `doctor: ${failed.length} problem${failed.length === 1 ? '' : 's'}: ${failed.map((c) => c.name).join(', ')}`,
        1,
        result,
      );
    return Promise.resolve(result);
  },
};
