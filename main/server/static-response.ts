import type { IncomingMessage, ServerResponse } from 'node:http';
import { fail } from '../../shared/api/result';
import type { PageCookie } from './auth';
import { sendJson } from './send-json';
import { readStatic } from './static-files';

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

/**
 * The app's files (GET or HEAD): the page gets the content security policy and the per-launch
 * page cookie that lets it load the rest without the token.
 */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  rendererDir: string,
  pathname: string,
  pageCookie: PageCookie,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return sendJson(res, 405, fail('invalid-input', `${req.method} not allowed here`));
  }
  const file = await readStatic(rendererDir, pathname);
  if (!file) {
    return sendJson(
      res,
      404,
      fail('not-found', `${pathname} not found (did \`npm run build\` run?)`),
    );
  }
  const headers: Record<string, string> = {
    'content-type': file.type,
    'x-content-type-options': 'nosniff',
    // A hashed asset never changes under its name, so the browser may keep it (and the code it
    // compiled from it: Chromium's code cache lives beside its HTTP cache entry), and a second
    // window or a reload does not fetch and compile ag-grid's 700 kB again. `private`: for this
    // browser only. The page itself (it names the current hashes, and sets the cookie) and
    // anything else are never stored.
    'cache-control': file.hashed ? 'private, max-age=31536000, immutable' : 'no-store',
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
