import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';

/**
 * The app's log: one JSON line per event (pino), in the workspace's `logs/workbench.log`, so a
 * packaged app, the web server and the CLI leave something to read after a failure. Writes are
 * synchronous: the line that explains a crash is on disk before the process can die.
 *
 * Rotation happens when a workspace opens: a log past ROTATE_BYTES becomes workbench.1.log
 * (older ones shift up, KEEP_ROTATED kept). Only warnings and errors are written, so a log
 * grows with failures, not with use, and a check per open is enough.
 */
export const LOG_FILE_NAME = 'workbench.log';
export const ROTATE_BYTES = 5 * 1024 * 1024;
export const KEEP_ROTATED = 3;

export interface WorkspaceLog {
  file: string;
  logger: Logger;
  close(): void;
}

/** workbench.log → workbench.1.log → … → workbench.KEEP_ROTATED.log (the oldest dropped). */
export function rotate(dir: string, maxBytes = ROTATE_BYTES, keep = KEEP_ROTATED): void {
  const file = join(dir, LOG_FILE_NAME);
  if (!existsSync(file) || statSync(file).size <= maxBytes) return;
  const rotated = (n: number) => join(dir, `workbench.${n}.log`);
  for (let n = keep - 1; n >= 1; n--)
    if (existsSync(rotated(n))) renameSync(rotated(n), rotated(n + 1));
  renameSync(file, rotated(1));
}

function newLogger(dest: pino.DestinationStream): Logger {
  return pino(
    {
      level: 'warn',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // An API key must never reach a log file, whichever object carried it there.
      redact: {
        paths: ['apiKey', '*.apiKey', 'authorization', '*.authorization'],
        censor: '[redacted]',
      },
    },
    dest,
  );
}

/** Until a workspace opens (and in a process that never opens one): standard error. */
const stderrLogger = newLogger(pino.destination({ dest: 2, sync: true }));
/**
 * The logs of the workspaces open in this process, oldest first; the newest is written to. A
 * process serves one workspace; tests open several, and close them in any order.
 */
const open: WorkspaceLog[] = [];
const active = (): WorkspaceLog | undefined => open.at(-1);

/** Opens `<workspace>/logs/workbench.log`; it is the process's log until it is closed. */
export function openWorkspaceLog(workspaceDir: string): WorkspaceLog {
  const dir = join(workspaceDir, 'logs');
  const file = join(dir, LOG_FILE_NAME);
  mkdirSync(dir, { recursive: true });
  try {
    rotate(dir);
  } catch (e) {
    // A log that cannot rotate is still a log: keep writing to the one there is.
    stderrLogger.warn({ err: e, dir }, 'log rotation failed');
  }
  const dest = pino.destination({ dest: file, sync: true, append: true });
  let closed = false;
  const log: WorkspaceLog = {
    file,
    logger: newLogger(dest),
    close: () => {
      if (closed) return;
      closed = true;
      open.splice(open.indexOf(log), 1);
      dest.end();
    },
  };
  open.push(log);
  return log;
}

/** The log file this process writes to now, or null when it writes to standard error. */
export function logFile(): string | null {
  return active()?.file ?? null;
}

type Fields = Record<string, unknown>;

/**
 * What main, the server and the CLI write: `event` names what happened, `err` the error (its
 * stack kept), fields anything that helps read it later.
 */
export const log = {
  error(event: string, err?: unknown, fields: Fields = {}): void {
    (active()?.logger ?? stderrLogger).error({ ...fields, err }, event);
  },
  warn(event: string, fields: Fields = {}): void {
    (active()?.logger ?? stderrLogger).warn(fields, event);
  },
};
