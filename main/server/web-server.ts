import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isJsonBytes } from '../../shared/api/json-bytes';
import { decodeCall, encodeCall, WIRE_TYPE } from '../../shared/api/wire';
import { fail, type Result } from '../../shared/api/result';
import { refusedOn } from '../api/transport-policy';
import { Slots } from '../jobs/slots';
import type { Services } from '../services';
import {
  bearerToken,
  callBodyKind,
  cookieValue,
  crossOriginReason,
  hostAllowed,
  newPageCookie,
  newToken,
  secretMatches,
} from './auth';
import { readStatic } from './static-files';
import { bodyChunks, readUploadHead, stageUpload, UploadRefused } from './upload';
import { log } from '../log/log';

export interface WebServerOptions {
  services: Services;
  rendererDir: string;
  port?: number;
  token?: string;
  /**
   * Largest file upload accepted (`library.importBytes`). Uploads are streamed to a file in the
   * workspace, never held in memory (./upload.ts).
   */
  maxBodyBytes: number;
  /** Largest body of any other call, which is read into memory (default 1 MiB). */
  maxCallBodyBytes?: number;
  /** Uploads received at once (default 2); more wait, without their bodies being read. */
  maxConcurrentUploads?: number;
  /** Uploads waiting beyond those (default 8); more are refused with 503. */
  maxQueuedUploads?: number;
}

export interface UploadStats {
  running: number;
  queued: number;
  /** The most uploads received at once so far. */
  peak: number;
}

export interface WebServer {
  url: string;
  port: number;
  token: string;
  /** Uploads in progress and waiting (tests check the cap). */
  uploads(): UploadStats;
  close(): Promise<void>;
}

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // ag-grid sets inline styles on cells; no inline scripts are allowed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const NO_TOKEN = 'missing or wrong token: open the URL printed by `npm run web`';

/**
 * Web mode: the renderer and the API on 127.0.0.1 only. The API answers only calls carrying
 * the token printed at start in an `Authorization: Bearer` header, from this origin (or from a
 * program), with a JSON or envelope body. The app's files need the token in the query (first
 * load) or the per-launch page cookie set then, which opens nothing else (see ./auth.ts).
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? newToken();
  const pageCookie = newPageCookie();
  const { registry, bus } = options.services;
  const sseClients = new Set<ServerResponse>();
  let port = 0;
  const maxCallBodyBytes = options.maxCallBodyBytes ?? 1024 * 1024;
  const uploadSlots = new Slots(options.maxConcurrentUploads ?? 2, options.maxQueuedUploads ?? 8);
  const unsubscribe = bus.subscribe((name, payload) => {
    const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const res of sseClients) res.write(frame);
  });

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      log.error('web request failed', e, { url: req.url?.replace(/\?.*/, '') });
      if (!res.headersSent) sendJson(res, 500, fail('internal', (e as Error).message));
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (!hostAllowed(req, port))
      return sendJson(res, 403, fail('invalid-input', 'unexpected Host header'));
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return sendJson(res, 400, fail('invalid-input', 'malformed %-escape in the URL'));
    }
    const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
    if (isApi) {
      const crossOrigin = crossOriginReason(req, port);
      if (crossOrigin) return sendJson(res, 403, fail('invalid-input', crossOrigin));
      if (!secretMatches(token, bearerToken(req))) {
        return sendJson(res, 401, fail('invalid-input', NO_TOKEN));
      }
    } else {
      const queryToken = url.searchParams.get('token') ?? undefined;
      const allowed =
        secretMatches(token, bearerToken(req)) ||
        secretMatches(token, queryToken) ||
        secretMatches(pageCookie.value, cookieValue(req, pageCookie.name));
      if (!allowed) return sendJson(res, 401, fail('invalid-input', NO_TOKEN));
    }

    if (url.pathname.startsWith('/api/call/') && req.method === 'POST') {
      const method = path.slice('/api/call/'.length);
      const kind = callBodyKind(req);
      if (!kind) {
        return sendJson(
          res,
          415,
          fail('invalid-input', `API calls are sent as application/json or ${WIRE_TYPE}`),
        );
      }
      const refused = refusedOn('web', method);
      if (refused) return sendJson(res, 403, fail('unsupported', refused));
      if (method === 'library.importBytes' && kind === 'wire') return upload(req, res);
      const body = await readBody(req, maxCallBodyBytes);
      if (body === 'too-large') {
        return sendJson(res, 413, fail('file-too-large', `request over ${maxCallBodyBytes} bytes`));
      }
      let input: unknown;
      try {
        input =
          body.byteLength === 0
            ? {}
            : kind === 'json'
              ? JSON.parse(body.toString('utf8'))
              : decodeCall(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
      } catch (e) {
        return sendJson(
          res,
          400,
          fail('invalid-input', `unreadable request body: ${(e as Error).message}`),
        );
      }
      // A client that closes its request before the answer: costly work for it alone stops.
      const gone = new AbortController();
      res.once('close', () => {
        if (!res.writableFinished) gone.abort('the client went away');
      });
      const result = await registry.callForTransport(method, input, gone.signal);
      // Prevalidated JSON bytes are spliced in as they are (see shared/api/json-bytes.ts).
      if (result.ok && isJsonBytes(result.value)) {
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
        });
        res.write('{"ok":true,"value":');
        res.write(result.value.$jsonBytes);
        res.end('}');
        return;
      }
      // Results holding bytes (a PDF original) travel in the same envelope as uploads.
      if (req.headers.accept === WIRE_TYPE) {
        res.writeHead(200, { 'content-type': WIRE_TYPE, 'cache-control': 'no-store' });
        res.end(encodeCall(result));
        return;
      }
      // JSON has no bytes: a 300 MB original would not even fit in a string.
      if (result.ok && holdsBytes(result.value)) {
        return sendJson(
          res,
          406,
          fail('invalid-input', `${method} answers bytes: ask with Accept: ${WIRE_TYPE}`),
        );
      }
      return sendJson(res, 200, result);
    }

    if (url.pathname === '/api/events' && req.method === 'GET') {
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      sseClients.add(res);
      const heartbeat = setInterval(() => res.write(': ping\n\n'), 15_000);
      req.on('close', () => {
        clearInterval(heartbeat);
        sseClients.delete(res);
      });
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendJson(res, 405, fail('invalid-input', `${req.method} not allowed here`));
    }
    const file = await readStatic(options.rendererDir, url.pathname);
    if (!file) {
      return sendJson(
        res,
        404,
        fail('not-found', `${url.pathname} not found (did \`npm run build\` run?)`),
      );
    }
    const headers: Record<string, string> = {
      'content-type': file.type,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    };
    if (file.type.startsWith('text/html')) {
      headers['content-security-policy'] = CONTENT_SECURITY_POLICY;
      headers['set-cookie'] =
        `${pageCookie.name}=${pageCookie.value}; HttpOnly; SameSite=Strict; Path=/`;
      // The token must not leak through the Referer of anything the page loads.
      headers['referrer-policy'] = 'no-referrer';
    }
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  /**
   * `library.importBytes`, streamed to `files/.incoming/` (./upload.ts) in one of a few upload
   * slots. A waiting upload's body is not read, so it costs a socket, not memory; a client
   * that goes away while waiting or uploading leaves nothing behind.
   */
  async function upload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = bodyChunks(req);
    const answer = (status: number, result: Result<unknown>) => {
      // What the client did not send yet is read and dropped, so it gets the answer rather
      // than a reset connection; the connection is not reused after an early answer.
      if (!req.complete) {
        res.setHeader('connection', 'close');
        body.drain();
      }
      if (req.headers.accept === WIRE_TYPE && status === 200) {
        res.writeHead(200, { 'content-type': WIRE_TYPE, 'cache-control': 'no-store' });
        res.end(encodeCall(result));
      } else sendJson(res, status, result);
    };
    if (uploadSlots.full) {
      return answer(
        503,
        fail(
          'busy',
          `the server is busy with ${uploadSlots.running} uploads and ${uploadSlots.queued} waiting; try again when they are done`,
        ),
      );
    }
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort('the client went away');
    });
    let release: () => void;
    try {
      release = await uploadSlots.acquire(gone.signal);
    } catch {
      return; // The client left while waiting: nobody to answer.
    }
    try {
      const { importer: imp, maxImportBytes: maxBytes } = options.services;
      const declared = req.headers['content-length'];
      const { request, rest } = await readUploadHead(
        body,
        declared === undefined ? undefined : Number(declared),
        Math.min(maxBytes, options.maxBodyBytes),
      );
      const staged = await stageUpload(
        body,
        rest,
        request.length,
        options.services.workspace.files.incomingDir,
      );
      const report = await imp.importStaged(request.name, staged);
      answer(200, { ok: true, value: report });
    } catch (e) {
      if (e instanceof UploadRefused) return answer(e.status, fail(e.error.code, e.message));
      // The client went away mid-upload: the staged file is already removed; nobody to answer.
      if (gone.signal.aborted || req.destroyed) return;
      throw e;
    } finally {
      release();
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    uploads: () => ({
      running: uploadSlots.running,
      queued: uploadSlots.queued,
      peak: uploadSlots.peak,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe();
        for (const res of sseClients) res.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function sendJson(res: ServerResponse, status: number, body: Result<unknown>): void {
  // Serialised before the head is written, so a failure here is still answered with a 500.
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(text);
}

/** Whether a result value carries a Uint8Array (at any depth of plain objects and arrays). */
function holdsBytes(value: unknown, depth = 0): boolean {
  if (value instanceof Uint8Array) return true;
  if (depth > 8 || typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((v) => holdsBytes(v, depth + 1));
}

/** A call's body, in memory up to `limit`; past it the rest is drained (the client gets 413). */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const body = bodyChunks(req);
  const tooLarge = () => {
    body.drain();
    return 'too-large' as const;
  };
  if (Number(req.headers['content-length'] ?? 0) > limit) return tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for (let next = await body.next(); !next.done; next = await body.next()) {
    size += next.value.length;
    if (size > limit) return tooLarge();
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}
