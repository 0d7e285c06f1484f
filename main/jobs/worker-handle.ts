import type { ChildProcess } from 'node:child_process';
import type { Worker, WorkerOptions } from 'node:worker_threads';
import { startWorker } from '../util/worker-file';
import { compact } from '../../shared/util/compact';

/** How a worker stopped without being asked to. */
export interface WorkerStop {
  /** One phrase: "exited with code 3", "killed by SIGKILL", or the error's message. */
  reason: string;
  /** It exited on its own with this code. */
  exitCode?: number;
  /** A thread that passed its heap cap (resourceLimits). */
  outOfMemory: boolean;
}

/** What a worker's owner hears: its messages, then once, however it ended, that it stopped. */
export interface WorkerEvents<M> {
  message: (m: M) => void;
  stopped: (stop: WorkerStop) => void;
}

/**
 * A worker thread or a child process, as the lifecycle (worker-lifecycle.ts) and runInWorker
 * see it: post a message, keep the app alive while it works, end it.
 */
export interface WorkerHandle {
  post(message: unknown): void;
  /** Keeps the app alive (a call is in flight). */
  hold(): void;
  /** Does not keep the app alive (idle, or loading with nobody waiting). */
  release(): void;
  /** Ends it at once (terminate; SIGKILL for a process); resolves once it has exited. */
  kill(): Promise<void>;
}

export interface ThreadSpec {
  /** The worker module next to its caller (util/worker-file.ts). */
  module: { callerFilename: string; dir: string; name: string };
  /** workerData, transferList and resourceLimits: the memory cap lives there. */
  options?: WorkerOptions;
}

/** Starts a worker thread; `events` hear its messages and, once, how it stopped. */
export function startThread<M>(spec: ThreadSpec, events: WorkerEvents<M>): WorkerHandle {
  const { callerFilename, dir, name } = spec.module;
  const worker: Worker = startWorker(callerFilename, dir, name, spec.options);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const stopped = once(events.stopped);
  worker.on('message', (m: M) => events.message(m));
  worker.on('error', (e: NodeJS.ErrnoException) =>
    stopped({ reason: e.message, outOfMemory: e.code === 'ERR_WORKER_OUT_OF_MEMORY' }),
  );
  worker.on('exit', (code) =>
    stopped({ reason: `exited with code ${code}`, exitCode: code, outOfMemory: false }),
  );
  return {
    post: (message) => worker.postMessage(message),
    hold: () => worker.ref(),
    release: () => worker.unref(),
    kill: async () => {
      await worker.terminate();
      await exited;
    },
  };
}

/** Wraps a forked process (its IPC channel carries the messages). */
export function processHandle<M>(
  child: ChildProcess,
  accept: (m: unknown) => m is M,
  events: WorkerEvents<M>,
): WorkerHandle {
  const stopped = once(events.stopped);
  child.on('message', (m: unknown) => {
    if (accept(m)) events.message(m);
  });
  child.on('error', (e) => stopped({ reason: e.message, outOfMemory: false }));
  child.on('exit', (code, signal) =>
    stopped(
      signal
        ? { reason: `killed by ${signal}`, outOfMemory: false }
        : {
            reason: `exited with code ${code}`,
            ...compact({ exitCode: code ?? undefined }),
            outOfMemory: false,
          },
    ),
  );
  return {
    post: (message) => child.send(message as object),
    hold: () => {
      child.ref();
      child.channel?.ref();
    },
    release: () => {
      child.unref();
      child.channel?.unref();
      (child.stderr as { unref?: () => void } | null)?.unref?.();
    },
    // SIGKILL: a stuck program ignores anything softer.
    kill: () => {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    },
  };
}

/** Threads and processes report an error and then an exit: the first one counts. */
function once(stopped: (stop: WorkerStop) => void): (stop: WorkerStop) => void {
  let done = false;
  return (stop) => {
    if (done) return;
    done = true;
    stopped(stop);
  };
}
