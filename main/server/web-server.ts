import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fail, type Result } from '../../shared/api/result';
import type { Services } from '../services';
import { handleApiCall, type ApiCallOptions } from './api-call';
import {
  bearerToken,
  cookieValue,
  crossOriginReason,
  hostAllowed,
  newPageCookie,
  newToken,
  secretMatches,
  type PageCookie,
} from './auth';
import { eventStream } from './event-stream';
import { sendJson } from './send-json';
import { serveStatic } from './static-response';
import { uploadCall } from './upload-call';
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

export { CONTENT_SECURITY_POLICY } from './static-response';

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
  const events = eventStream(options.services.bus);
  const uploads = uploadCall(options);
  const api: ApiCallOptions = {
    registry: options.services.registry,
    maxCallBodyBytes: options.maxCallBodyBytes ?? 1024 * 1024,
    upload: uploads.upload,
  };
  let port = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const access = admit(req, url, port, token, pageCookie);
    if ('refused' in access) return sendJson(res, access.status, access.refused);
    const path = access.path;
    if (url.pathname.startsWith('/api/call/') && req.method === 'POST')
      return handleApiCall(req, res, path.slice('/api/call/'.length), api);
    if (url.pathname === '/api/events' && req.method === 'GET') return events.connect(req, res);
    return serveStatic(req, res, options.rendererDir, url.pathname, pageCookie);
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      log.error('web request failed', e, { url: req.url?.replace(/\?.*/, '') });
      if (!res.headersSent) sendJson(res, 500, fail('internal', (e as Error).message));
      else res.end();
    });
  });
  port = await listen(server, options.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    uploads: uploads.stats,
    close: () =>
      new Promise<void>((resolve) => {
        events.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Listens on 127.0.0.1 (`port` 0: any free port); answers the port. */
async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

type Admission = { path: string } | { status: number; refused: Result<unknown> };

/**
 * A request let through to routing, with its decoded path; or why it is refused: a Host
 * other than ours, a malformed path, an API call from another origin or without the token, a
 * file without the token or page cookie.
 */
function admit(
  req: IncomingMessage,
  url: URL,
  port: number,
  token: string,
  pageCookie: PageCookie,
): Admission {
  const refuse = (status: number, message: string) => ({
    status,
    refused: fail('invalid-input', message),
  });
  if (!hostAllowed(req, port)) return refuse(403, 'unexpected Host header');
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return refuse(400, 'malformed %-escape in the URL');
  }
  const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
  if (isApi) {
    const crossOrigin = crossOriginReason(req, port);
    if (crossOrigin) return refuse(403, crossOrigin);
    if (!secretMatches(token, bearerToken(req))) return refuse(401, NO_TOKEN);
    return { path };
  }
  const queryToken = url.searchParams.get('token') ?? undefined;
  const allowed =
    secretMatches(token, bearerToken(req)) ||
    secretMatches(token, queryToken) ||
    secretMatches(pageCookie.value, cookieValue(req, pageCookie.name));
  return allowed ? { path } : refuse(401, NO_TOKEN);
}
