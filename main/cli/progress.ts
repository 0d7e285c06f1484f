import { terminalText } from './terminal-text';

/** Where progress goes: process.stderr in the CLI, a fake in tests. */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

/** A job's report, as the `job.progress` event carries it. */
export interface JobProgressReport {
  jobId: string;
  label: string;
  state: string;
  done: number;
  total: number;
}

export interface JobProgressPrinter {
  update(p: JobProgressReport): void;
  /** Ends a line left open on a terminal, before other output. */
  end(): void;
}

/** Off a terminal, at most one line per this many ms while a job runs... */
export const PLAIN_EVERY_MS = 2000;
/** ...and only once it has moved on to the next tenth of the way. */
const PLAIN_STEP_PERCENT = 10;

const percentOf = (p: JobProgressReport) =>
  p.total > 0 ? Math.min(100, Math.round((100 * p.done) / p.total)) : 0;

/**
 * Job progress on stderr. A terminal gets one line rewritten in place as the percent moves.
 * Anything else (a log file, CI, a pipe) gets a line when a job starts, when it ends, and in
 * between only when at least PLAIN_EVERY_MS have passed since its last line and it has reached
 * another tenth: about a dozen lines per job at most, however often it reports (an import
 * reports every chunk it copies: hundreds of times for a big file).
 */
export function jobProgressPrinter(
  options: { stream?: ProgressStream; now?: () => number; quiet?: () => boolean } = {},
): JobProgressPrinter {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? Date.now;
  const quiet = options.quiet ?? (() => false);
  const tty = stream.isTTY === true;
  const last = new Map<string, { percent: number; at: number }>();
  let open = false;
  const text = (p: JobProgressReport, percent: number) =>
    terminalText(
      `  ${p.label}: ${percent}%${p.state === 'running' || p.state === 'done' ? '' : ` (${p.state})`}`,
    );
  return {
    update(p) {
      if (quiet()) return;
      const percent = percentOf(p);
      const ended = p.state !== 'running';
      const before = last.get(p.jobId);
      if (tty) {
        if (!ended && before?.percent === percent) return;
        last.set(p.jobId, { percent, at: now() });
        const line = text(p, percent).slice(0, (stream.columns || 120) - 1);
        stream.write(`\r\x1b[2K${line}${ended ? '\n' : ''}`);
        open = !ended;
        return;
      }
      const show =
        before === undefined ||
        (ended
          ? before.percent !== percent || p.state !== 'done'
          : now() - before.at >= PLAIN_EVERY_MS &&
            Math.floor(percent / PLAIN_STEP_PERCENT) >
              Math.floor(before.percent / PLAIN_STEP_PERCENT));
      if (!show) return;
      last.set(p.jobId, { percent, at: now() });
      stream.write(`${text(p, percent)}\n`);
    },
    end() {
      if (open) stream.write('\n');
      open = false;
    },
  };
}
