import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

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
): Promise<PostAnswer> {
  return new Promise<PostAnswer>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const length = String(Buffer.byteLength(body));
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
    const send = (mayResend: boolean) => {
      let answered = false;
      const req = (secure ? https : http).request(target, {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        headers: { ...headers, 'content-length': length },
      });
      current = req;
      // fetch (undici) gives up connecting after 10 s; without this a host that never answers
      // the handshake would hold the attempt until its own timeout (minutes).
      req.on('socket', (socket) => {
        if (!socket.connecting) return;
        const timer = setTimeout(() => {
          const e = new Error(
            `Connect Timeout Error (attempted address: ${target.host}, timeout: ${CONNECT_TIMEOUT_MS}ms)`,
          );
          req.destroy(Object.assign(e, { code: 'UND_ERR_CONNECT_TIMEOUT' }));
        }, CONNECT_TIMEOUT_MS);
        timer.unref();
        const connected = () => clearTimeout(timer);
        socket.once(secure ? 'secureConnect' : 'connect', connected);
        socket.once('close', connected);
      });
      req.on('error', (e: NodeJS.ErrnoException) => {
        if (answered || settled) return;
        if (mayResend && req.reusedSocket && (e.code === 'ECONNRESET' || e.code === 'EPIPE'))
          return send(false);
        settle(() => reject(new PostFailure('connect', e)));
      });
      req.on('response', (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        const dropped = (e?: Error) =>
          settle(() => reject(new PostFailure('dropped', e ?? new Error('other side closed'))));
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', dropped);
        res.on('aborted', () => dropped());
        res.on('close', () => {
          if (!res.complete) dropped();
        });
        res.on('end', () => {
          if (!res.complete) return dropped();
          const text =
            chunks.length === 1
              ? chunks[0]!.toString('utf8')
              : Buffer.concat(chunks).toString('utf8');
          settle(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        });
      });
      req.end(body);
    };
    send(true);
  });
}
