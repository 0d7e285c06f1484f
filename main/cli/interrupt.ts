import { stopAllJobs } from '../jobs/live';

/** Thrown by `race` once Ctrl-C has stopped every job: main prints one line and exits 130. */
export class Interrupted extends Error {
  constructor() {
    super('cancelled (Ctrl-C)');
  }
}

/** 128 + SIGINT: what shells report for a command stopped by Ctrl-C. */
export const INTERRUPTED_EXIT_CODE = 130;

/**
 * Ctrl-C during a CLI command: every running job is cancelled (worker threads terminated, rows
 * marked cancelled), nothing new starts, and the command's promise is replaced by Interrupted
 * once all of that has happened, whatever the command was doing (a job cancelled under it
 * makes it fail, and that failure is not what the user needs to read). A second Ctrl-C while
 * this runs kills the process at once (the handler is installed once, so Node's default acts).
 */
export function watchCtrlC(): {
  race<T>(run: Promise<T>): Promise<T>;
  /** Ctrl-C was pressed: the command's result no longer matters. */
  fired(): boolean;
  dispose(): void;
} {
  let stopped: Promise<void> | undefined;
  let fire: () => void = () => undefined;
  const fired = new Promise<void>((resolve) => (fire = resolve));
  const onSigint = () => {
    stopped = stopAllJobs('cancelled (Ctrl-C)');
    fire();
  };
  process.once('SIGINT', onSigint);
  return {
    async race<T>(run: Promise<T>): Promise<T> {
      const outcome = await Promise.race([
        run.then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        ),
        fired.then(() => undefined),
      ]);
      if (stopped || outcome === undefined) {
        await stopped;
        throw new Interrupted();
      }
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    },
    fired: () => stopped !== undefined,
    dispose: () => process.off('SIGINT', onSigint),
  };
}
