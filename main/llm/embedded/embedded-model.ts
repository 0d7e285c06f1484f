import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freemem } from 'node:os';
import { basename, extname, join, resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WorkbenchError } from '../../../shared/api/result';
import type { ChatMessage, EmbeddedModelInfo } from '../../../shared/llm/provider';
import { track } from '../../jobs/live';
import { checkModelFile } from './gguf-header-check';
import type { FromModel, Timing, ToModel } from './protocol';
import { compact } from '../../../shared/util/compact';

export interface EmbeddedModelOptions {
  /** Tokens of context (clamped to the model's own); default 8192. */
  contextSize?: number;
  /** llama.cpp CPU threads; default WORKBENCH_EMBEDDED_THREADS or the library's choice. */
  threads?: number;
  /** GPU offload when available; default true. */
  gpu?: boolean;
  /** The memory the estimate must fit in; default the OS's free memory. */
  availableRamBytes?: () => number;
  /**
   * Loading that takes longer ends the process: default WORKBENCH_EMBEDDED_LOAD_TIMEOUT_MS, else
   * 120 s plus 1 s per 100 MB of file.
   */
  loadTimeoutMs?: number;
  /**
   * The model process is killed when its resident memory passes this: default
   * WORKBENCH_EMBEDDED_MEMORY_CAP_MB, else derived from the file's size and, once the process
   * has read the header, its memory estimate (memoryCap below).
   */
  memoryCapBytes?: number;
}

export interface EmbeddedChatRequest {
  messages: ChatMessage[];
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  seed?: number;
  stop?: string[];
  json?: boolean;
  signal?: AbortSignal;
  onDelta?: (text: string) => void;
}

export interface EmbeddedChatResult {
  text: string;
  promptTokens: number;
  completionTokens: number;
  finishReason: 'stop' | 'length';
  timing: Timing;
  /** The model was loaded for this request (its load time is not in timing). */
  loadMs: number;
}

const DEFAULT_CONTEXT = 8192;
const DEFAULT_MAX_TOKENS = 1024;
/** A cancelled generation must leave the model free within 1 s: past this, the process is killed. */
const CANCEL_GRACE_MS = 700;
/** An unused model gives its memory back. */
const IDLE_MS = 10 * 60_000;
/** Loading a real model from a local disk takes seconds; this much more is a hang. */
const LOAD_TIMEOUT_MS = 120_000;
const LOAD_MS_PER_100MB = 1000;
/** How often the model process's resident memory is looked at. */
const MEMORY_POLL_MS = 200;
/**
 * The model process's JavaScript heap (node-llama-cpp's GGUF reader holds the metadata there: a
 * 260,000-token vocabulary is tens of MB). The weights and the context are native memory, under
 * the resident-memory cap instead.
 */
const MODEL_PROCESS_HEAP_MB = 1024;
const GIB = 2 ** 30;

/** A load in progress, shared by everyone waiting for it. */
interface Loading {
  promise: Promise<EmbeddedModelInfo>;
  /** Waiters with a signal; when the last one is cancelled, the load is stopped. */
  waiters: number;
  /** A waiter without a signal (Test, the CLI's --model-file): the load goes on regardless. */
  pinned: boolean;
  child?: ChildProcess;
  /** Set when the load was stopped before its process started. */
  stopped?: WorkbenchError;
}

interface Pending {
  id: number;
  req: EmbeddedChatRequest;
  resolve: (r: EmbeddedChatResult) => void;
  reject: (e: unknown) => void;
  text: string;
  /** Set when this request loaded the model. */
  loadMs: number;
}

/**
 * One GGUF model in its own process (llm-process.ts): loaded on first use, one generation at
 * a time (the rest wait in order), cancel within 1 s (asked, then killed), and a crash or
 * out-of-memory kill of the process fails the requests it had with one sentence; the next
 * request starts a new process.
 * Not on jobs/worker-lifecycle.ts: cancel first asks the process to stop (a multi-GB model
 * stays loaded), and its memory cap polls native RSS, which resourceLimits cannot cap.
 */
export class EmbeddedModel {
  private child: ChildProcess | undefined;
  private loading: Loading | undefined;
  private info_: EmbeddedModelInfo | undefined;
  private memoryTimer: NodeJS.Timeout | undefined;
  /** The resident-memory cap of the current process, and what the process reported using. */
  private memoryCap = Infinity;
  private reportedRss = 0;
  private fileBytes = 0;
  private queue: Pending[] = [];
  private current: Pending | undefined;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private stderrTail = '';
  private loadWaiter:
    { resolve: (i: EmbeddedModelInfo) => void; reject: (e: unknown) => void } | undefined;

  constructor(
    readonly path: string,
    private readonly options: EmbeddedModelOptions = {},
  ) {}

  /**
   * Loads the model (once) and answers what the file holds. The header is checked first, here,
   * before a process is started (gguf-header-check.ts). With a signal, the caller may stop
   * waiting; once every caller waiting with a signal has, and none waits without one, the load
   * is stopped and its process killed.
   */
  info(signal?: AbortSignal): Promise<EmbeddedModelInfo> {
    if (this.info_ && this.child) return Promise.resolve(this.info_);
    if (signal?.aborted) return Promise.reject(this.cancelled());
    const loading = this.loading ?? this.startLoading();
    if (!signal) {
      loading.pinned = true;
      return loading.promise;
    }
    loading.waiters++;
    return new Promise<EmbeddedModelInfo>((resolve, reject) => {
      const onAbort = () => {
        reject(this.cancelled());
        loading.waiters--;
        if (loading.waiters === 0 && !loading.pinned) {
          this.stopLoading(
            loading,
            new WorkbenchError('cancelled', `loading ${basename(this.path)} was cancelled`),
          );
        }
      };
      signal.addEventListener('abort', onAbort, { once: true });
      loading.promise.then(
        (info) => {
          signal.removeEventListener('abort', onAbort);
          resolve(info);
        },
        (e: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }

  get busy(): boolean {
    return this.current !== undefined || this.queue.length > 0;
  }

  chat(req: EmbeddedChatRequest): Promise<EmbeddedChatResult> {
    if (req.signal?.aborted) return Promise.reject(this.cancelled());
    return new Promise<EmbeddedChatResult>((resolve, reject) => {
      const p: Pending = { id: this.nextId++, req, resolve, reject, text: '', loadMs: 0 };
      this.queue.push(p);
      req.signal?.addEventListener('abort', () => this.cancel(p), { once: true });
      void this.pump();
    });
  }

  /** Sends a signal to the model process, as the OS would (tests: a crash, an OOM kill). */
  kill(signal: NodeJS.Signals): void {
    this.child?.kill(signal);
  }

  /** Ends the model process (the app or workspace closes). */
  close(): void {
    const error = new WorkbenchError('cancelled', `${basename(this.path)}: the model was closed`);
    if (this.loading) this.stopLoading(this.loading, error);
    this.fail(error);
    this.child?.kill('SIGKILL');
    this.child = undefined;
    this.info_ = undefined;
    this.stopWatchingMemory();
  }

  /** The model process's id, while there is one (tests look for it in the process table). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  private async pump(): Promise<void> {
    if (this.current || this.queue.length === 0) return;
    const p = this.queue.shift()!;
    this.current = p;
    this.touch(true);
    try {
      const wasLoaded = this.info_ !== undefined && this.child !== undefined;
      const info = await this.info(p.req.signal);
      if (!wasLoaded) p.loadMs = info.loadMs;
    } catch (e) {
      if (this.current === p) this.settle(p, () => p.reject(e));
      return;
    }
    if (this.current !== p) return; // cancelled while loading
    const { req } = p;
    this.post({
      type: 'chat',
      id: p.id,
      messages: req.messages,
      maxTokens: req.maxTokens ?? DEFAULT_MAX_TOKENS,
      ...compact({ temperature: req.temperature, topP: req.topP, seed: req.seed }),
      stop: req.stop ?? [],
      json: req.json ?? false,
    });
  }

  private cancel(p: Pending): void {
    const queued = this.queue.indexOf(p);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      p.reject(this.cancelled());
      return;
    }
    if (this.current !== p) return;
    if (!this.child || this.loading) {
      // Still loading: this request ends now. The next one waiting (if any) takes over the load;
      // with none, the load is stopped and its process killed (info(), with this signal).
      this.settle(p, () => p.reject(this.cancelled()));
      return;
    }
    this.post({ type: 'cancel', id: p.id });
    const child = this.child;
    setTimeout(() => {
      // The generation did not stop in time (a long prompt evaluation is not interruptible):
      // the process goes, the model is loaded again on the next request.
      if (this.current === p && this.child === child) {
        child.kill('SIGKILL');
        this.child = undefined;
        this.info_ = undefined;
        this.settle(p, () => p.reject(this.cancelled()));
      }
    }, CANCEL_GRACE_MS).unref();
  }

  private settle(p: Pending, how: () => void): void {
    if (this.current === p) this.current = undefined;
    how();
    this.touch(false);
    void this.pump();
  }

  private onMessage(m: FromModel): void {
    if (m.type === 'memory') {
      this.reportedRss = m.rssBytes;
      return;
    }
    if (m.type === 'estimate') {
      if (this.options.memoryCapBytes === undefined && memoryCapFromEnv() === undefined)
        this.memoryCap = derivedMemoryCap(this.fileBytes, m.ramBytes);
      return;
    }
    if (m.type === 'loaded') {
      this.loadWaiter?.resolve(m.info);
      return;
    }
    if (m.type === 'error' && m.id === undefined) {
      this.loadWaiter?.reject(new WorkbenchError(m.code, m.message));
      return;
    }
    if (m.type === 'ready') return;
    const p = this.current;
    if (!p || p.id !== m.id) return; // a late message of a request already settled
    if (m.type === 'delta') {
      p.text += m.text;
      p.req.onDelta?.(m.text);
    } else if (m.type === 'done') {
      this.settle(p, () =>
        p.resolve({
          text: m.text,
          promptTokens: m.promptTokens,
          completionTokens: m.completionTokens,
          finishReason: m.finishReason,
          timing: m.timing,
          loadMs: p.loadMs,
        }),
      );
    } else if (m.type === 'cancelled') {
      this.settle(p, () => p.reject(this.cancelled()));
    } else if (m.type === 'error') {
      this.settle(p, () => p.reject(new WorkbenchError(m.code, m.message)));
    }
  }

  private startLoading(): Loading {
    const loading: Loading = {
      promise: undefined as unknown as Promise<EmbeddedModelInfo>,
      waiters: 0,
      pinned: false,
    };
    loading.promise = this.load(loading).finally(() => {
      if (this.loading === loading) this.loading = undefined;
    });
    this.loading = loading;
    // Ctrl-C in the CLI stops whatever runs in the process: a load too.
    track({
      kind: 'model',
      what: 'worker',
      cancel: (reason) => this.stopLoading(loading, new WorkbenchError('cancelled', reason)),
      settled: loading.promise.then(
        () => undefined,
        () => undefined,
      ),
    });
    return loading;
  }

  /** Stops a load: before its process starts, or by killing the process. */
  private stopLoading(loading: Loading, error: WorkbenchError): void {
    loading.stopped ??= error;
    if (loading.child) this.killWith(loading.child, error);
  }

  private async load(loading: Loading): Promise<EmbeddedModelInfo> {
    this.child?.kill('SIGKILL');
    this.child = undefined;
    this.info_ = undefined;
    this.stopWatchingMemory();
    // The header first, in this process: a file whose counts its size cannot hold, or that is
    // not GGUF at all, is refused in one sentence and never reaches a loader.
    const header = await checkModelFile(this.path);
    if (loading.stopped) throw loading.stopped;
    this.fileBytes = header.sizeBytes;
    const child = startModelProcess();
    this.child = child;
    loading.child = child;
    // Only a request in flight keeps Node alive (touch); an idle model never holds up an exit.
    child.unref();
    (child.stderr as { unref?: () => void } | null)?.unref?.();
    this.stderrTail = '';
    child.stderr?.on('data', (d: Buffer) => {
      this.stderrTail = (this.stderrTail + d.toString('utf8')).slice(-2000);
    });
    child.on('message', (m: FromModel) => this.onMessage(m));
    child.on('exit', (code, signal) => this.onExit(child, code, signal));
    child.on('error', () => undefined); // 'exit' follows and reports it
    this.memoryCap =
      this.options.memoryCapBytes ?? memoryCapFromEnv() ?? derivedMemoryCap(header.sizeBytes, 0);
    this.watchMemory(child);
    const timeoutMs =
      this.options.loadTimeoutMs ??
      loadTimeoutFromEnv() ??
      LOAD_TIMEOUT_MS + Math.round((header.sizeBytes / 1e8) * LOAD_MS_PER_100MB);
    const threads = this.options.threads ?? threadsFromEnv();
    return new Promise<EmbeddedModelInfo>((resolve, reject) => {
      const deadline = setTimeout(() => {
        this.killWith(
          child,
          new WorkbenchError(
            'llm-timeout',
            `${basename(this.path)} did not finish loading within ${seconds(timeoutMs)}, so the process loading it was stopped; a slow disk? WORKBENCH_EMBEDDED_LOAD_TIMEOUT_MS sets the limit`,
          ),
        );
      }, timeoutMs);
      deadline.unref();
      this.loadWaiter = {
        resolve: (info) => {
          clearTimeout(deadline);
          this.loadWaiter = undefined;
          this.info_ = info;
          this.touch(false);
          resolve(info);
        },
        reject: (e) => {
          clearTimeout(deadline);
          this.loadWaiter = undefined;
          if (this.child === child) {
            child.kill('SIGKILL');
            this.child = undefined;
            this.stopWatchingMemory();
          }
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      };
      this.post({
        type: 'load',
        path: resolvePath(this.path),
        contextSize: this.options.contextSize ?? DEFAULT_CONTEXT,
        ...compact({ threads }),
        availableRamBytes: (this.options.availableRamBytes ?? freemem)(),
        gpu: this.options.gpu ?? true,
      });
    });
  }

  /**
   * Ends the process at once and fails what waited on it with `error` (a deadline, the memory
   * cap, a cancelled load). The next request starts a new process.
   */
  private killWith(child: ChildProcess, error: WorkbenchError): void {
    if (this.child !== child) return;
    this.child = undefined;
    this.info_ = undefined;
    this.stopWatchingMemory();
    child.kill('SIGKILL');
    this.loadWaiter?.reject(error);
    this.fail(error);
  }

  /** The process's resident memory, against its cap, every MEMORY_POLL_MS while it lives. */
  private watchMemory(child: ChildProcess): void {
    this.stopWatchingMemory();
    this.reportedRss = 0;
    const timer = setInterval(() => {
      if (this.child !== child) {
        clearInterval(timer);
        return;
      }
      const rss = Math.max(this.reportedRss, residentBytes(child.pid) ?? 0);
      if (rss > this.memoryCap) {
        this.killWith(
          child,
          new WorkbenchError(
            'llm-out-of-memory',
            `the process running ${basename(this.path)} used ${formatBytes(rss)} of memory, over its cap of ${formatBytes(this.memoryCap)}, and was stopped; choose a smaller (more quantised) model or a shorter context`,
          ),
        );
      }
    }, MEMORY_POLL_MS);
    timer.unref();
    this.memoryTimer = timer;
  }

  private stopWatchingMemory(): void {
    clearInterval(this.memoryTimer);
    this.memoryTimer = undefined;
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return; // killed on purpose and replaced
    this.child = undefined;
    this.info_ = undefined;
    this.stopWatchingMemory();
    const how = signal
      ? `was killed (${signal}${signal === 'SIGKILL' ? ', out of memory?' : ''})`
      : `exited with code ${code}`;
    const last = this.stderrTail.trim().split('\n').at(-1);
    const error = new WorkbenchError(
      'llm-server-error',
      `the process running ${basename(this.path)} ${how}${last ? ` after: ${last.slice(0, 200)}` : ''}; the next question loads the model again`,
    );
    this.loadWaiter?.reject(error);
    this.fail(error);
  }

  private fail(error: WorkbenchError): void {
    const p = this.current;
    if (p) this.settle(p, () => p.reject(error));
    for (const q of this.queue.splice(0)) q.reject(error);
  }

  private post(m: ToModel): void {
    this.child?.send(m);
  }

  /** The process keeps Node alive only while it works; idle, it goes after IDLE_MS. */
  private touch(busy: boolean): void {
    const child = this.child as
      (ChildProcess & { channel?: { ref(): void; unref(): void } }) | undefined;
    if (busy) child?.channel?.ref();
    else if (!this.busy) child?.channel?.unref();
    clearTimeout(this.idleTimer);
    if (!this.busy) {
      this.idleTimer = setTimeout(() => {
        if (!this.busy) this.close();
      }, IDLE_MS);
      this.idleTimer.unref();
    }
  }

  private cancelled(): WorkbenchError {
    return new WorkbenchError('cancelled', `the answer from ${basename(this.path)} was cancelled`);
  }
}

function threadsFromEnv(): number | undefined {
  return positiveIntegerFromEnv('WORKBENCH_EMBEDDED_THREADS');
}

function loadTimeoutFromEnv(): number | undefined {
  return positiveIntegerFromEnv('WORKBENCH_EMBEDDED_LOAD_TIMEOUT_MS');
}

function memoryCapFromEnv(): number | undefined {
  const mb = positiveIntegerFromEnv('WORKBENCH_EMBEDDED_MEMORY_CAP_MB');
  return mb === undefined ? undefined : mb * 2 ** 20;
}

function positiveIntegerFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * The model process's resident-memory cap: the weights (mapped from the file, so counted in
 * resident memory as they are read) or node-llama-cpp's estimate of weights plus context,
 * whichever is larger, with a quarter more, plus 1 GiB for Node, the library and llama.cpp's
 * buffers. Before the estimate is known (the process is still reading the header): file + 1 GiB.
 */
export function derivedMemoryCap(fileBytes: number, estimatedRamBytes: number): number {
  return Math.max(fileBytes, estimatedRamBytes) * 1.25 + GIB;
}

/** Resident memory of a process from /proc (Linux); undefined elsewhere or once it is gone. */
function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

function formatBytes(n: number): string {
  return n >= GIB ? `${(n / GIB).toFixed(1)} GiB` : `${Math.max(1, Math.round(n / 2 ** 20))} MiB`;
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

/**
 * The model process from the compiled .js (product), or from the .ts source through tsx (tests).
 * Electron's fork runs its own binary as Node (ELECTRON_RUN_AS_NODE). Its JavaScript heap is
 * capped; its resident memory is watched from here (watchMemory).
 */
function startModelProcess(): ChildProcess {
  const fromSource = extname(__filename) === '.ts';
  const file = join(__dirname, `llm-process${fromSource ? '.ts' : '.js'}`);
  return fork(file, [], {
    execArgv: [
      `--max-old-space-size=${MODEL_PROCESS_HEAP_MB}`,
      ...(fromSource ? ['--import', pathToFileURL(require.resolve('tsx')).href] : []),
    ],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    // The process watches for this one to go (llm-process.ts, watchParent).
    env: { ...process.env, WORKBENCH_MODEL_PARENT_PID: String(process.pid) },
  });
}
