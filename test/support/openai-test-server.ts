// A local OpenAI-compatible server for tests (issue 12): real HTTP on 127.0.0.1, spoken the way
// the `openai` npm client speaks it, with scripted replies and injectable faults. The product
// never imports this file.
//
// In-process (the main use):
//   const server = await startOpenAiTestServer({ replies: [{ match: 'revenue', reply: '42' }] });
//   new OpenAI({ baseURL: server.baseUrl, apiKey: 'x' })
// As a script (for a web-mode child process):
//   node --import tsx test/support/openai-test-server.ts --port 0 --script FILE.json
//   FILE.json: { "replies": [{ "match": "text" | "/regex/flags", "reply": "…", "chunkSize": 8 }],
//                "models": ["…"], "apiKey": "…", "defaultReply": "…", "faults": [Fault…] }
//   It prints its base URL (http://127.0.0.1:PORT/v1) on one line and runs until killed.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { TestBatches, type BatchOptions, type CompletionResult } from './openai-test-batches';
import { compact } from '../../shared/util/compact';

export interface ScriptedReply {
  /** Matched against the last user message; a string matches as a substring. */
  match: string | RegExp;
  reply: string | ((req: RecordedRequest) => string);
  /** Characters per streamed chunk (default 8). */
  chunkSize?: number;
  /** finish_reason to answer instead of "stop" (e.g. "content_filter"). */
  finishReason?: string;
}

export type Fault =
  /** An error status with OpenAI's error JSON body (or `body`), e.g. 429 with Retry-After "1". */
  | { kind: 'status'; status: number; retryAfter?: string; body?: unknown; times?: number }
  /** Wait before the headers, or with `perChunk` between streamed chunks. */
  | { kind: 'slow'; delayMs: number; perChunk?: boolean; times?: number }
  /** 200 with a body (or an SSE data line) that is not JSON. */
  | { kind: 'malformed-json'; times?: number }
  /** Destroy the socket after this many content chunks (mid-body when not streaming). */
  | { kind: 'cut-stream'; afterChunks: number; times?: number };

export interface RecordedRequest {
  method: string;
  /** Without the query string, e.g. "/v1/chat/completions". */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (undefined for GET or a body that is not JSON). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- whatever the client sent
  /** The client went away before the response was complete (cancel, timeout). */
  aborted: boolean;
}

export interface OpenAiTestServer {
  /** http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  /** `/v1/files` and `/v1/batches` (the Batch API): stored files, batches, their faults. */
  batches: TestBatches;
  /** Listed by GET /v1/models; mutable. */
  models: string[];
  setReplies(r: ScriptedReply[]): void;
  /** Applies to the next `times` (default 1) requests whose path contains `path` (default all). */
  fault(f: Fault & { path?: string }): void;
  clearFaults(): void;
  close(): Promise<void>;
}

export interface OpenAiTestServerOptions {
  replies?: ScriptedReply[];
  /**
   * Listed by GET /v1/models. When given, chat and embedding requests for any other model get
   * OpenAI's 404 `model_not_found`; when absent every model name is accepted.
   */
  models?: string[];
  /** If set, requests without `Authorization: Bearer <apiKey>` get OpenAI's 401 body. */
  apiKey?: string;
  /** Answer to chat requests no script matches; without it they get a 400 naming the message. */
  defaultReply?: string;
  /** Prompts longer than this many tokens get OpenAI's 400 `context_length_exceeded`. */
  contextWindow?: number;
  /** Embedding dimension (default 64); a request's `dimensions` overrides it. */
  embeddingDim?: number;
  /** Port to listen on (default 0: any free port). */
  port?: number;
  /** How batches progress through their statuses (see openai-test-batches.ts). */
  batch?: BatchOptions;
}

export const TEST_CHAT_MODEL = 'test-chat';
export const TEST_EMBED_MODEL = 'test-embed';

/** Deterministic token count: characters / 4, rounded up (what tests can predict). */
export function countTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * Deterministic embedding: hashed bag of words (lower-case [a-z0-9]+ tokens, FNV-1a into `dim`
 * buckets with a hash-chosen sign), L2-normalised. Texts sharing words get a positive cosine.
 */
export function testEmbedding(text: string, dim = 64): number[] {
  const v = new Array<number>(dim).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const h = fnv1a(word);
    v[h % dim]! += (h >>> 31) & 1 ? -1 : 1;
  }
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return norm === 0 ? v : v.map((x) => x / norm);
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A chat request's answer (the non-streamed body and what streaming needs), or its error. */
type Completion =
  | {
      ok: true;
      body: {
        id: string;
        created: number;
        model: string;
        usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
      };
      content: string;
      finishReason: string;
      chunkSize: number;
    }
  | Extract<CompletionResult, { ok: false }>;

interface ArmedFault {
  fault: Fault;
  path: string | undefined;
  remaining: number;
}

const statusTypes: Record<number, [type: string, code: string | null, message: string]> = {
  400: ['invalid_request_error', null, 'Bad request.'],
  401: [
    'invalid_request_error',
    'invalid_api_key',
    'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
  ],
  403: ['invalid_request_error', null, 'You are not allowed to sample from this model.'],
  404: ['invalid_request_error', null, 'Not found.'],
  408: ['timeout', null, 'Request timed out.'],
  409: ['invalid_request_error', null, 'Conflict.'],
  429: [
    'requests',
    'rate_limit_exceeded',
    'Rate limit reached for requests. Please try again in 1s.',
  ],
  500: [
    'server_error',
    null,
    'The server had an error while processing your request. Sorry about that!',
  ],
  502: ['server_error', null, 'Bad gateway.'],
  503: ['server_error', null, 'The engine is currently overloaded, please try again later.'],
};

function errorBody(status: number, message?: string, code?: string | null, param?: string | null) {
  const [type, defaultCode, defaultMessage] = statusTypes[status] ?? [
    'server_error',
    null,
    `Error ${status}.`,
  ];
  return {
    error: {
      message: message ?? defaultMessage,
      type,
      param: param ?? null,
      code: code === undefined ? defaultCode : code,
    },
  };
}

export async function startOpenAiTestServer(
  options: OpenAiTestServerOptions = {},
): Promise<OpenAiTestServer> {
  let replies: ScriptedReply[] = options.replies ?? [];
  let faults: ArmedFault[] = [];
  const requests: RecordedRequest[] = [];
  const models = options.models ? [...options.models] : [TEST_CHAT_MODEL, TEST_EMBED_MODEL];
  const strictModels = options.models !== undefined;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let seq = 0;
  const batches = new TestBatches(
    (body) =>
      complete({ method: 'POST', path: '/v1/chat/completions', headers: {}, body, aborted: false }),
    errorBody,
    options.batch,
  );

  /** Resolves after `ms`, or early (false) when the client went away or the server closed. */
  const wait = (ms: number, res: ServerResponse) =>
    new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(t);
        timers.delete(t);
        res.off('close', onClose);
        resolve(ok);
      };
      const onClose = () => done(false);
      const t = setTimeout(() => done(true), ms);
      timers.add(t);
      res.on('close', onClose);
    });

  function takeFault(path: string): Fault | undefined {
    const armed = faults.find((f) => f.remaining > 0 && (!f.path || path.includes(f.path)));
    if (!armed) return undefined;
    armed.remaining--;
    faults = faults.filter((f) => f.remaining > 0);
    return armed.fault;
  }

  function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}) {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'x-request-id': `req_${++seq}`,
      ...headers,
    });
    res.end(text);
  }

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    recorded: RecordedRequest,
    raw: Buffer,
  ) {
    const path = recorded.path;
    if (options.apiKey !== undefined) {
      const auth = req.headers.authorization;
      if (auth !== `Bearer ${options.apiKey}`) return sendJson(res, 401, errorBody(401));
    }

    const fault = takeFault(path);
    const perChunkDelay = fault?.kind === 'slow' && fault.perChunk ? fault.delayMs : 0;
    if (fault?.kind === 'slow' && !fault.perChunk) {
      if (!(await wait(fault.delayMs, res))) return;
    }
    if (fault?.kind === 'status') {
      const body = fault.body ?? errorBody(fault.status);
      const headers = fault.retryAfter !== undefined ? { 'retry-after': fault.retryAfter } : {};
      return sendJson(res, fault.status, body, headers);
    }

    if (req.method === 'GET' && /\/v1\/models\/?$/.test(path)) {
      if (fault?.kind === 'malformed-json') return sendMalformed(res);
      return sendJson(res, 200, {
        object: 'list',
        data: models.map((id) => ({
          id,
          object: 'model',
          created: 1_700_000_000,
          owned_by: 'test',
        })),
      });
    }
    if (req.method === 'POST' && path.endsWith('/v1/chat/completions')) {
      return chat(res, recorded, fault, perChunkDelay);
    }
    if (req.method === 'POST' && path.endsWith('/v1/embeddings')) {
      if (fault?.kind === 'malformed-json') return sendMalformed(res);
      return embeddings(res, recorded);
    }
    if (/\/v1\/(files|batches)(\/|$)/.test(path)) {
      const answer = await batches.handle(
        req.method ?? 'GET',
        path,
        req.headers['content-type'],
        raw,
        recorded.body,
      );
      if (answer.kind === 'json') return sendJson(res, answer.status, answer.body);
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': answer.bytes.length,
        'x-request-id': `req_${++seq}`,
      });
      return res.end(answer.bytes);
    }
    return sendJson(res, 404, errorBody(404, `Invalid URL (${req.method} ${path})`));
  }

  function sendMalformed(res: ServerResponse) {
    const text = '{"id": "chatcmpl-broken", "object": "chat.completion", "choices": [{';
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': text.length });
    res.end(text);
  }

  /** OpenAI's 404 body for a model the server does not list (undefined: the model is fine). */
  function modelMissing(model: unknown): unknown {
    if (!strictModels || (typeof model === 'string' && models.includes(model))) return undefined;
    return errorBody(
      404,
      `The model \`${String(model)}\` does not exist or you do not have access to it.`,
      'model_not_found',
    );
  }

  /** What a chat request is answered, streamed or not, or the error it gets. */
  function complete(recorded: RecordedRequest): Completion {
    const body = recorded.body as Record<string, unknown> | undefined;
    const messages = Array.isArray(body?.messages) ? (body.messages as unknown[]) : null;
    const fail = (status: number, error: unknown): Completion => ({
      ok: false,
      status,
      body: error,
    });
    if (!body || !messages) {
      return fail(400, errorBody(400, "Missing required parameter: 'messages'.", null, 'messages'));
    }
    const missing = modelMissing(body.model);
    if (missing) return fail(404, missing);
    const texts = messages.map((m) => messageText(m));
    const promptTokens = texts.reduce((s, t) => s + countTokens(t), 0);
    if (options.contextWindow !== undefined && promptTokens > options.contextWindow) {
      return fail(
        400,
        errorBody(
          400,
          `This model's maximum context length is ${options.contextWindow} tokens. However, your messages resulted in ${promptTokens} tokens. Please reduce the length of the messages.`,
          'context_length_exceeded',
          'messages',
        ),
      );
    }
    const lastUser = [...messages]
      .reverse()
      .find((m) => (m as { role?: unknown } | null)?.role === 'user');
    const question = lastUser === undefined ? '' : messageText(lastUser);
    const script = replies.find((r) =>
      typeof r.match === 'string' ? question.includes(r.match) : r.match.test(question),
    );
    let content: string;
    if (script) {
      content = typeof script.reply === 'function' ? script.reply(recorded) : script.reply;
    } else if (options.defaultReply !== undefined) {
      content = options.defaultReply;
    } else {
      return fail(
        400,
        errorBody(
          400,
          `openai-test-server: no scripted reply matches ${JSON.stringify(question.slice(0, 200))}`,
        ),
      );
    }

    // max_tokens truncates like a real server and says so in finish_reason.
    const maxTokens = Number(body.max_completion_tokens ?? body.max_tokens);
    let finishReason = script?.finishReason ?? 'stop';
    if (Number.isInteger(maxTokens) && maxTokens > 0 && countTokens(content) > maxTokens) {
      content = content.slice(0, maxTokens * 4);
      finishReason = 'length';
    }
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: countTokens(content),
      total_tokens: promptTokens + countTokens(content),
    };
    const id = `chatcmpl-test${++seq}`;
    const created = Math.floor(Date.now() / 1000);
    const model = typeof body.model === 'string' ? body.model : TEST_CHAT_MODEL;
    const full = {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          logprobs: null,
          finish_reason: finishReason,
        },
      ],
      usage,
    };
    return {
      ok: true,
      body: full,
      content,
      finishReason,
      chunkSize: Math.max(1, script?.chunkSize ?? 8),
    };
  }

  async function chat(
    res: ServerResponse,
    recorded: RecordedRequest,
    fault: Fault | undefined,
    perChunkDelay: number,
  ) {
    const answer = complete(recorded);
    if (!answer.ok) return sendJson(res, answer.status, answer.body);
    const { body: full, content, finishReason } = answer;
    const { id, created, model, usage } = full;
    const body = recorded.body as Record<string, unknown>;

    if (body.stream !== true) {
      if (fault?.kind === 'malformed-json') return sendMalformed(res);
      if (fault?.kind === 'cut-stream') {
        // Promise the whole body, send half, hang up.
        const text = JSON.stringify(full);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': text.length });
        res.write(text.slice(0, Math.floor(text.length / 2)));
        return destroyAfterFlush(res);
      }
      return sendJson(res, 200, full);
    }

    const includeUsage =
      (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-request-id': `req_${seq}`,
    });
    res.flushHeaders();
    const chunk = (delta: object, finish: string | null, extra: object = {}) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
        ...(includeUsage ? { usage: null } : {}),
        ...extra,
      })}\n\n`;

    res.write(chunk({ role: 'assistant', content: '', refusal: null }, null));
    if (fault?.kind === 'malformed-json') {
      res.write('data: {"id": "chatcmpl-broken", "choices": [{"delta": \n\n');
      res.end('data: [DONE]\n\n');
      return;
    }
    const size = answer.chunkSize;
    let sent = 0;
    for (let i = 0; i < content.length; i += size) {
      if (fault?.kind === 'cut-stream' && sent >= fault.afterChunks) return destroyAfterFlush(res);
      if (perChunkDelay > 0 && !(await wait(perChunkDelay, res))) return;
      if (res.destroyed) return;
      res.write(chunk({ content: content.slice(i, i + size) }, null));
      sent++;
    }
    if (fault?.kind === 'cut-stream') return destroyAfterFlush(res);
    res.write(chunk({}, finishReason));
    if (includeUsage) {
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`,
      );
    }
    res.end('data: [DONE]\n\n');
  }

  /** Let what was written reach the client, then drop the connection without ending the body. */
  function destroyAfterFlush(res: ServerResponse) {
    res.write('', () => {
      const t = setTimeout(() => {
        timers.delete(t);
        res.socket?.destroy();
        res.destroy();
      }, 20);
      timers.add(t);
    });
  }

  function embeddings(res: ServerResponse, recorded: RecordedRequest) {
    const body = recorded.body as Record<string, unknown> | undefined;
    if (!body || body.input === undefined) {
      return sendJson(
        res,
        400,
        errorBody(400, "Missing required parameter: 'input'.", null, 'input'),
      );
    }
    const missing = modelMissing(body.model);
    if (missing) return sendJson(res, 404, missing);
    const inputs: unknown[] =
      Array.isArray(body.input) && typeof body.input[0] !== 'number'
        ? (body.input as unknown[])
        : [body.input];
    const texts = inputs.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));
    const dim = Number.isInteger(body.dimensions)
      ? Number(body.dimensions)
      : (options.embeddingDim ?? 64);
    const base64 = body.encoding_format === 'base64';
    const data = texts.map((t, index) => {
      const v = testEmbedding(t, dim);
      return {
        object: 'embedding',
        index,
        embedding: base64 ? Buffer.from(new Float32Array(v).buffer).toString('base64') : v,
      };
    });
    const tokens = texts.reduce((s, t) => s + countTokens(t), 0);
    sendJson(res, 200, {
      object: 'list',
      data,
      model: typeof body.model === 'string' ? body.model : TEST_EMBED_MODEL,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const bytes = Buffer.concat(chunks);
      // A multipart upload (POST /v1/files) is not JSON: the batch store reads the bytes.
      const multipart = /^multipart\//i.test(req.headers['content-type'] ?? '');
      const raw = multipart ? '' : bytes.toString('utf8');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: (req.url ?? '/').split('?')[0]!,
        headers: { ...req.headers },
        body,
        aborted: false,
      };
      requests.push(recorded);
      res.on('close', () => {
        if (!res.writableFinished) recorded.aborted = true;
      });
      if (raw && body === undefined) {
        return sendJson(
          res,
          400,
          errorBody(400, 'We could not parse the JSON body of your request.'),
        );
      }
      handle(req, res, recorded, bytes).catch((e: unknown) => {
        if (!res.headersSent) sendJson(res, 500, errorBody(500, String(e)));
        else res.destroy();
      });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    batches,
    models,
    setReplies: (r) => {
      replies = r;
    },
    fault: (f) => {
      const { path, ...fault } = f;
      faults.push({ fault, path, remaining: f.times ?? 1 });
    },
    clearFaults: () => {
      faults = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Text of a chat message whose content is a string or an array of text parts. */
function messageText(m: unknown): string {
  const content = (m as { content?: unknown } | null)?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((p) =>
        typeof (p as { text?: unknown })?.text === 'string' ? (p as { text: string }).text : '',
      )
      .join('');
  }
  return '';
}

interface ScriptFile {
  replies?: { match: string; reply: string; chunkSize?: number }[];
  models?: string[];
  apiKey?: string;
  defaultReply?: string;
  contextWindow?: number;
  /** Armed at start, e.g. [{ "kind": "slow", "delayMs": 200, "perChunk": true, "times": 1000 }]. */
  faults?: (Fault & { path?: string })[];
}

/** "/pattern/flags" is a regular expression; anything else a substring. */
function parseMatch(match: string): string | RegExp {
  const m = /^\/(.*)\/([a-z]*)$/s.exec(match);
  return m ? new RegExp(m[1]!, m[2]) : match;
}

async function main(argv: string[]) {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const scriptPath = arg('--script');
  const script: ScriptFile = scriptPath
    ? (JSON.parse(readFileSync(scriptPath, 'utf8')) as ScriptFile)
    : {};
  const server = await startOpenAiTestServer({
    port: Number(arg('--port') ?? 0),
    replies: (script.replies ?? []).map((r) => ({ ...r, match: parseMatch(r.match) })),
    ...compact({
      models: script.models,
      apiKey: script.apiKey,
      defaultReply: script.defaultReply,
      contextWindow: script.contextWindow,
    }),
  });
  for (const f of script.faults ?? []) server.fault(f);
  process.stdout.write(`${server.baseUrl}\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (require.main === module) void main(process.argv.slice(2));
