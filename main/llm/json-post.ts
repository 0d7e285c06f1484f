import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/** What a POST answered: its status, headers and whole body as text. */
export interface PostAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * Why a POST got no whole answer: `connect`, the request never got a response (refused, DNS,
 * TLS, reset); `dropped`, the response's body broke off after its headers. `cause` is Node's own
 * error, with its `code` (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED, …).
 */
export class PostFailure extends Error {
  constructor(
    readonly kind: 'connect' | 'dropped',
    override readonly cause: Error,
  ) {
    super(cause.message);
  }
}

/**
 * The most a POST's answer may hold, as sent and once decoded. A chat completion is kilobytes;
 * a server that sends more (a broken proxy, or a hostile endpoint's endless body or gzip bomb)
 * must not make the main process buffer it all: it is refused as soon as it passes this.
 */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** An answer longer than the limit, raw or decoded: read no further, never retried. */
export class AnswerTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the answer is larger than ${limit} bytes`);
  }
}

/**
 * Keep-alive agents, one per scheme (each pools its sockets per host and port). An idle socket
 * is closed after 4 s, as undici's fetch does (and sooner when the server's Keep-Alive header
 * says so: Node reads its `timeout=` hint), so a server's own idle cut rarely meets a request.
 */
const agents = {
  http: new http.Agent({ keepAlive: true, timeout: 4_000 }),
  https: new https.Agent({ keepAlive: true, timeout: 4_000 }),
};

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * One POST of a JSON body over Node's http/https with a kept-alive connection, the whole answer
 * read as text. What the run engine's chat calls go through (see openai-calls.ts `chatPlain`):
 * the `openai` client's fetch path (request building, header merging, WHATWG streams and
 * Request/Response objects) costs several times what the request itself does
 * (docs/BENCHMARKS.md, "Runs engine, fourth pass"). `signal` aborts it (the request is
 * destroyed and the promise rejects with the signal's reason). A kept-alive socket the server
 * had closed (reset before any response) is tried once more on a fresh one: that request never
 * reached the server.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  maxBytes = MAX_ANSWER_BYTES,
): Promise<PostAnswer> {
  return new Promise<PostAnswer>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    let settled = false;
    let current: http.ClientRequest | undefined;
    const onAbort = () => {
      current?.destroy();
      settle(() => reject(signal.reason as Error));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = (then: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      then();
    };
    const options: http.RequestOptions = {
      method: 'POST',
      agent: secure ? agents.https : agents.http,
      // What fetch asks for and decodes (undici: brotli only over https).
      headers: {
        'accept-encoding': secure ? 'br, gzip, deflate' : 'gzip, deflate',
        ...headers,
        'content-length': String(Buffer.byteLength(body)),
      },
    };
    const send = (mayResend: boolean) => {
      let answered = false;
      const req = (secure ? https : http).request(target, options);
      current = req;
      req.on('socket', (socket) => connectTimeout(req, socket, secure, target.host));
      req.on('error', (e: NodeJS.ErrnoException) => {
        if (answered || settled) return;
        if (mayResend && req.reusedSocket && (e.code === 'ECONNRESET' || e.code === 'EPIPE'))
          return send(false);
        settle(() => reject(new PostFailure('connect', e)));
      });
      req.on('response', (res) => {
        answered = true;
        readAnswer(res, maxBytes).then(
          (answer) => settle(() => resolve(answer)),
          (e: Error) => settle(() => reject(e)),
        );
      });
      req.end(body);
    };
    send(true);
  });
}

/**
 * fetch (undici) gives up connecting after 10 s; without this a host that never answers the
 * handshake would hold the attempt until its own timeout (minutes).
 */
function connectTimeout(
  req: http.ClientRequest,
  socket: Socket,
  secure: boolean,
  host: string,
): void {
  if (!socket.connecting) return;
  const timer = setTimeout(() => {
    const e = new Error(
      `Connect Timeout Error (attempted address: ${host}, timeout: ${CONNECT_TIMEOUT_MS}ms)`,
    );
    req.destroy(Object.assign(e, { code: 'UND_ERR_CONNECT_TIMEOUT' }));
  }, CONNECT_TIMEOUT_MS);
  timer.unref();
  const connected = () => clearTimeout(timer);
  socket.once(secure ? 'secureConnect' : 'connect', connected);
  socket.once('close', connected);
}

/**
 * The whole body of a response, decoded; a body cut short is a `dropped` PostFailure, one
 * longer than `maxBytes` (said or sent, raw or decoded) an AnswerTooLarge, its socket closed.
 */
function readAnswer(res: http.IncomingMessage, maxBytes: number): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const dropped = (e?: Error) =>
      reject(new PostFailure('dropped', e ?? new Error('other side closed')));
    const tooLarge = () => {
      reject(new AnswerTooLarge(maxBytes)); // settles first: the close below is not a drop
      res.destroy();
    };
    if (Number(res.headers['content-length']) > maxBytes) return tooLarge();
    res.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) return tooLarge();
      chunks.push(chunk);
    });
    res.on('error', dropped);
    res.on('aborted', () => dropped());
    res.on('close', () => {
      if (!res.complete) dropped();
    });
    res.on('end', () => {
      if (!res.complete) return dropped();
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      try {
        const text = decoded(bytes, res.headers['content-encoding'], maxBytes).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
      } catch (e) {
        // zlib stops at maxOutputLength with ERR_BUFFER_TOO_LARGE; else bad compressed data.
        if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
          return reject(new AnswerTooLarge(maxBytes));
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  });
}

/** A body in the content coding the server chose (as fetch decodes it); others as they came. */
function decoded(bytes: Buffer, encoding: string | undefined, maxBytes: number): Buffer {
  const limit = { maxOutputLength: maxBytes };
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(bytes, limit);
    case 'br':
      return brotliDecompressSync(bytes, limit);
    case 'deflate':
      // zlib-wrapped as the standard says, or raw deflate as some servers send it.
      return (bytes[0]! & 0x0f) === 0x08 ? inflateSync(bytes, limit) : inflateRawSync(bytes, limit);
    default:
      return bytes;
  }
}
