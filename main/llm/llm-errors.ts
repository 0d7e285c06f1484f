import { WorkbenchError, type ErrorCode } from '../../shared/api/result';
import { openaiSdk } from './openai-sdk';
import { isRetryableStatus, retryAfterMs } from './retry-policy';
import { unreachableHint } from './endpoint';

/** What a failed call was, for messages that name the endpoint and the fix. */
export interface CallSite {
  baseUrl: string;
  /** Which endpoint path was asked ("files" and "batches": the Batch API). */
  what: 'chat' | 'embeddings' | 'models' | 'files' | 'batches';
  model?: string | undefined;
  apiKeyName: string | null;
  /** The key in use, only so it can be blanked out of any server text we repeat. */
  key?: string | undefined;
  timeoutMs: number;
}

export interface Classified {
  error: WorkbenchError;
  retryable: boolean;
  /** The server's Retry-After, when it sent one (capped at 60 s). */
  retryAfterMs?: number | undefined;
  /** Short reason for onRetry and for the final message ("429", "500", "connection refused"). */
  reason: string;
}

const pathOf = {
  chat: '/chat/completions',
  embeddings: '/embeddings',
  models: '/models',
  files: '/files',
  batches: '/batches',
};

/** Repeats server text without the key (some servers echo what they were sent) or long junk. */
export function redact(text: string, key?: string): string {
  let out = text;
  if (key && key.length >= 4) out = out.split(key).join('***');
  out = out.replace(/\s+/g, ' ').trim();
  return out.length > 300 ? `${out.slice(0, 300)}…` : out;
}

function serverMessage(e: HttpError, key?: string): string {
  const body = e.error;
  const text = typeof body?.message === 'string' ? body.message : '';
  return redact(text, key);
}

/** What an APIError with a status carries, typed (the class is generic over `any`). */
interface HttpError {
  status: number;
  headers: Headers | undefined;
  code: unknown;
  error: { message?: unknown } | undefined;
}

/** The innermost `code` on the cause chain (undici nests ECONNREFUSED two levels down). */
function causeCode(e: unknown): string | undefined {
  let found: string | undefined;
  for (let c: unknown = e, depth = 0; c && depth < 6; depth++) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === 'string') found = code;
    c = (c as { cause?: unknown }).cause;
  }
  return found;
}

function causeMessage(e: unknown): string {
  let last = '';
  for (let c: unknown = e, depth = 0; c && depth < 6; depth++) {
    const m = (c as { message?: unknown }).message;
    if (typeof m === 'string' && m) last = m;
    c = (c as { cause?: unknown }).cause;
  }
  return last;
}

const contextLengthText =
  /context[_ ]length|maximum context|context window|too many tokens|exceeds? the (model'?s? )?(context|maximum)|prompt is too long|reduce the length/i;

/** Node's and OpenSSL's codes for a certificate or handshake that failed (a TLS problem). */
const TLS_CODE =
  /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET_ISSUER_CERT|VERIFY_LEAF_SIGNATURE|GET_ISSUER_CERT_LOCALLY)|HOSTNAME_MISMATCH|EPROTO)/;

const err = (code: ErrorCode, message: string) => new WorkbenchError(code, message);

/** An HTTP error answer, with what the messages about it name. */
interface Answered {
  status: number;
  /** The server's own message, redacted ('' for none), and as a ": "…"" suffix. */
  said: string;
  saidPart: string;
  /** The error's `code` ('' for none). */
  code: string;
  http: HttpError;
  site: CallSite;
  url: string;
  endpoint: string;
}

const fatal = (reason: string, error: WorkbenchError): Classified => ({
  retryable: false,
  reason,
  error,
});

/** 401 or 403: the key (or its absence) was refused. */
function unauthorized({ status, saidPart, site, url }: Answered): Classified | undefined {
  if (status !== 401 && status !== 403) return undefined;
  return fatal(
    String(status),
    err(
      'llm-unauthorized',
      site.apiKeyName
        ? `the API key in secret '${site.apiKeyName}' was refused by ${url} (${status}${saidPart}); set it on the Models screen`
        : `${url} wants an API key (${status}${saidPart}); store one as a secret and name it in the provider on the Models screen`,
    ),
  );
}

/** 404: no such model, no Batch API (or no such batch or file), or a wrong base URL. */
function notFound(a: Answered): Classified | undefined {
  const { status, said, saidPart, code, site, url, endpoint } = a;
  if (status !== 404) return undefined;
  if (code === 'model_not_found' || /model/i.test(said))
    return fatal(
      '404',
      err(
        'llm-model-not-found',
        `model '${site.model ?? '?'}' is not available at ${url}${saidPart}; pick one from the Models screen`,
      ),
    );
  if (site.what === 'files' || site.what === 'batches') {
    // "No such Batch object": the path exists, the id does not (another key, a deleted file).
    const gone = /no such/i.test(said);
    return fatal(
      '404',
      err(
        'llm-bad-response',
        gone
          ? `${endpoint} does not know it (404${saidPart}); was it made with another key or server?`
          : `${endpoint} does not exist (404): ${url} does not offer the OpenAI Batch API (vLLM, Ollama and most local servers do not); run without --batch-api`,
      ),
    );
  }
  return fatal(
    '404',
    err(
      'llm-bad-response',
      `${endpoint} does not exist (404); check the base URL (it usually ends in /v1)`,
    ),
  );
}

/** 400, 413 or 422 saying the prompt is longer than the model's context window. */
function contextTooLong({ status, said, saidPart, code, site, url }: Answered) {
  if (status !== 400 && status !== 413 && status !== 422) return undefined;
  if (code !== 'context_length_exceeded' && !contextLengthText.test(said)) return undefined;
  return fatal(
    String(status),
    err(
      'llm-context-length',
      `the request is longer than ${site.model ? `model '${site.model}'` : 'the model'}'s context window at ${url}${saidPart}; retrieve fewer passages or lower the context budget`,
    ),
  );
}

/** 408, 429 and the 5xx worth trying again, with the server's Retry-After. */
function tryAgainLater({ status, saidPart, http, url }: Answered): Classified | undefined {
  if (!isRetryableStatus(status)) return undefined;
  const rate = status === 429;
  const timeout = status === 408;
  return {
    retryable: true,
    retryAfterMs: retryAfterMs(http.headers),
    reason: String(status),
    error: err(
      rate ? 'llm-rate-limited' : timeout ? 'llm-timeout' : 'llm-server-error',
      rate
        ? `${url} is rate-limiting requests (429${saidPart}); wait a minute, run fewer at once, or raise max retries on the Models screen`
        : `${url} answered ${status}${saidPart}; try again later`,
    ),
  };
}

/** An error answer from the server, by its status (and what it said). */
function classifyStatus(http: HttpError, site: CallSite, endpoint: string): Classified {
  const said = serverMessage(http, site.key);
  const a: Answered = {
    status: http.status,
    said,
    saidPart: said ? `: "${said}"` : '',
    code: typeof http.code === 'string' ? http.code : '',
    http,
    site,
    url: site.baseUrl,
    endpoint,
  };
  return (
    unauthorized(a) ??
    notFound(a) ??
    contextTooLong(a) ??
    tryAgainLater(a) ??
    fatal(
      String(a.status),
      err('llm-bad-response', `${endpoint} refused the request (${a.status}${a.saidPart})`),
    )
  );
}

/** No answer at all: DNS, nothing listening, TLS, or another connection failure. */
function classifyConnection(e: unknown, site: CallSite): Classified {
  const url = site.baseUrl;
  const code = causeCode(e);
  const message =
    code === 'ENOTFOUND' || code === 'EAI_AGAIN'
      ? `the host of ${url} cannot be found (DNS); check the base URL and the network connection`
      : code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'
        ? `nothing is listening at ${url}; ${unreachableHint(url)}`
        : code !== undefined && TLS_CODE.test(code)
          ? `the TLS handshake with ${url} failed (${redact(causeMessage(e), site.key) || code}); check that the URL's scheme is right (http or https) and that the server's certificate is valid for its host`
          : `cannot connect to ${url} (${redact(causeMessage(e), site.key) || 'connection error'}); ${unreachableHint(url)}`;
  return {
    retryable: true,
    reason: code ?? 'connection error',
    error: err('llm-unreachable', message),
  };
}

/**
 * Turns whatever the openai client threw into one specific WorkbenchError and says whether the
 * retry scheduler may try again. Aborts are not classified here: the caller knows whether its own
 * signal (cancel) or its timeout fired.
 */
export function classify(e: unknown, site: CallSite): Classified {
  const url = site.baseUrl;
  const endpoint = `${url}${pathOf[site.what]}`;
  const { APIError, APIUserAbortError } = openaiSdk();
  if (e instanceof APIError && !(e instanceof APIUserAbortError) && e.status !== undefined) {
    const http = e as unknown as HttpError;
    return classifyStatus(http, site, endpoint);
  }
  if (e instanceof openaiSdk().APIConnectionError) return classifyConnection(e, site);
  if (e instanceof SyntaxError) {
    return fatal(
      'malformed JSON',
      err(
        'llm-bad-response',
        `${endpoint} answered with malformed JSON; is ${url} an OpenAI-compatible endpoint?`,
      ),
    );
  }
  // The body broke off after the headers ("terminated", socket closed).
  if (
    e instanceof TypeError &&
    /terminated|other side closed|socket/i.test(causeMessage(e) + e.message)
  ) {
    return {
      retryable: true,
      reason: 'connection dropped',
      error: err(
        'llm-bad-response',
        `${url} closed the connection before its answer was complete; try again`,
      ),
    };
  }
  if (e instanceof WorkbenchError) return { retryable: false, reason: e.code, error: e };
  return fatal(
    'error',
    err(
      'llm-bad-response',
      `${endpoint} failed: ${redact(e instanceof Error ? e.message : String(e), site.key)}`,
    ),
  );
}
