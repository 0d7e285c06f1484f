import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { WIRE_TYPE } from '../../shared/api/wire';

export const newToken = () => randomBytes(24).toString('base64url');

/**
 * The page cookie. Browsers send a cookie for 127.0.0.1 to every port of 127.0.0.1, so any
 * other local server can read it: it therefore never holds the API token. It only lets the
 * browser load the (public) app files again after the token left the address bar; its name is
 * new at every launch so two servers never overwrite each other's. The API token travels only
 * in an `Authorization: Bearer` header, which no other origin's page can make a browser send.
 */
export interface PageCookie {
  name: string;
  value: string;
}

export const newPageCookie = (): PageCookie => ({
  name: `workbench_page_${randomBytes(6).toString('hex')}`,
  value: newToken(),
});

export function bearerToken(req: IncomingMessage): string | undefined {
  const auth = req.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
}

export function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of req.headers.cookie?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function secretMatches(expected: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Refuses DNS-rebinding: a page on another origin resolving to 127.0.0.1 sends its own Host. */
export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/**
 * Why a request must be refused as coming from another origin, or undefined. Browsers send
 * `Origin` with every cross-origin POST and `Sec-Fetch-Site` with every request; a request
 * carrying either must say it comes from this very origin (scheme, host and port). Requests
 * with neither come from programs, not pages, and have no ambient credentials to abuse.
 */
export function crossOriginReason(req: IncomingMessage, port: number): string | undefined {
  const origin = req.headers.origin;
  if (
    origin !== undefined &&
    origin !== `http://127.0.0.1:${port}` &&
    origin !== `http://localhost:${port}`
  ) {
    return `requests from another origin (${origin.slice(0, 100)}) are refused`;
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') {
    return `requests from another origin (Sec-Fetch-Site: ${site.slice(0, 40)}) are refused`;
  }
  return undefined;
}

/** API calls carry JSON or the binary envelope; anything else is a form or a no-cors request. */
export function callBodyKind(req: IncomingMessage): 'json' | 'wire' | undefined {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' ? 'json' : type === WIRE_TYPE ? 'wire' : undefined;
}
