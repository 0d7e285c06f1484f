/** Expected failures travel as data; only bugs throw. */
export type ErrorCode =
  | 'invalid-input'
  | 'unknown-method'
  | 'not-found'
  | 'unsupported'
  | 'file-unreadable'
  | 'file-empty'
  | 'file-too-large'
  /** The content is not what the file's name says (a ".pdf" that is not a PDF). */
  | 'file-mismatch'
  | 'duplicate'
  | 'workspace-readonly'
  | 'workspace-too-new'
  | 'workspace-unavailable'
  /** Too much is already running (web uploads beyond the queue); the same request may succeed later. */
  | 'busy'
  /** The user (or Ctrl-C, or closing the workspace) stopped the job doing the work. */
  | 'cancelled'
  /** Model calls (main/llm): each names the endpoint and what to do (shared/llm/provider.ts). */
  | 'llm-unauthorized'
  | 'llm-unreachable'
  | 'llm-timeout'
  | 'llm-rate-limited'
  | 'llm-server-error'
  | 'llm-bad-response'
  | 'llm-context-length'
  | 'llm-model-not-found'
  | 'llm-offline'
  | 'llm-model-file'
  | 'llm-out-of-memory'
  | 'internal';

export interface ApiError {
  code: ErrorCode;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, message: string): { ok: false; error: ApiError } => ({
  ok: false,
  error: { code, message },
});

/** An expected failure raised deep inside a service; the API boundary turns it into a Result. */
export class WorkbenchError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'WorkbenchError';
  }
}
