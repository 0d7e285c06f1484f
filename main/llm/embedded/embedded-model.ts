import { fork, type ChildProcess } from 'node:child_process';
import { freemem } from 'node:os';
import { basename, extname, join, resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WorkbenchError } from '../../../shared/api/result';
import type { ChatMessage, EmbeddedModelInfo } from '../../../shared/llm/provider';
import type { FromModel, Timing, ToModel } from './protocol';

export interface EmbeddedModelOptions {
  /** Tokens of context (clamped to the model's own); default 8192. */
  contextSize?: number;
  /** llama.cpp CPU threads; default WORKBENCH_EMBEDDED_THREADS or the library's choice. */
  threads?: number;
  /** GPU offload when available; default true. */
  gpu?: boolean;
  /** The memory the estimate must fit in; default the OS's free memory. */
  availableRamBytes?: () => number;
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
 * One GGUF model in its own process (model-process.ts): loaded on first use, one generation at
 * a time (the rest wait in order), cancel within 1 s (asked, then killed), and a crash or
 * out-of-memory kill of the process fails the requests it had with one sentence; the next
 * request starts a new process.
 */
export class EmbeddedModel {
  private child: ChildProcess | undefined;
  private loading: Promise<EmbeddedModelInfo> | undefined;
  private info_: EmbeddedModelInfo | undefined;
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

  /** Loads the model (once) and answers what the file holds. */
  info(): Promise<EmbeddedModelInfo> {
    if (this.info_ && this.child) return Promise.resolve(this.info_);
    this.loading ??= this.load().finally(() => (this.loading = undefined));
    return this.loading;
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
    this.fail(new WorkbenchError('cancelled', `${basename(this.path)}: the model was closed`));
    this.child?.kill('SIGKILL');
    this.child = undefined;
    this.info_ = undefined;
  }

  private async pump(): Promise<void> {
    if (this.current || this.queue.length === 0) return;
    const p = this.queue.shift()!;
    this.current = p;
    this.touch(true);
    try {
      const wasLoaded = this.info_ !== undefined && this.child !== undefined;
      const info = await this.info();
      if (!wasLoaded) p.loadMs = info.loadMs;
    } catch (e) {
      this.settle(p, () => p.reject(e));
      return;
    }
    if (this.current !== p) return; // cancelled while loading
    const { req } = p;
    this.post({
      type: 'chat',
      id: p.id,
      messages: req.messages,
      maxTokens: req.maxTokens ?? DEFAULT_MAX_TOKENS,
      ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
      ...(req.topP !== undefined ? { topP: req.topP } : {}),
      ...(req.seed !== undefined ? { seed: req.seed } : {}),
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
      // Still loading: the load goes on for the next request; this one ends now.
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

  private load(): Promise<EmbeddedModelInfo> {
    this.child?.kill('SIGKILL');
    const child = startModelProcess();
    this.child = child;
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
    const threads = this.options.threads ?? threadsFromEnv();
    return new Promise<EmbeddedModelInfo>((resolve, reject) => {
      this.loadWaiter = {
        resolve: (info) => {
          this.loadWaiter = undefined;
          this.info_ = info;
          this.touch(false);
          resolve(info);
        },
        reject: (e) => {
          this.loadWaiter = undefined;
          if (this.child === child) {
            child.kill('SIGKILL');
            this.child = undefined;
          }
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      };
      this.post({
        type: 'load',
        path: resolvePath(this.path),
        contextSize: this.options.contextSize ?? DEFAULT_CONTEXT,
        ...(threads !== undefined ? { threads } : {}),
        availableRamBytes: (this.options.availableRamBytes ?? freemem)(),
        gpu: this.options.gpu ?? true,
      });
    });
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return; // killed on purpose and replaced
    this.child = undefined;
    this.info_ = undefined;
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
  const raw = process.env.WORKBENCH_EMBEDDED_THREADS;
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * The model process from the compiled .js (product), or from the .ts source through tsx (tests).
 * Electron's fork runs its own binary as Node (ELECTRON_RUN_AS_NODE).
 */
function startModelProcess(): ChildProcess {
  const fromSource = extname(__filename) === '.ts';
  const file = join(__dirname, `model-process${fromSource ? '.ts' : '.js'}`);
  return fork(file, [], {
    execArgv: fromSource ? ['--import', pathToFileURL(require.resolve('tsx')).href] : [],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
}
