import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCall } from '../../../shared/api/wire';
import { rendererDir } from '../../../main/app-paths';
import { startWebServer, type WebServer } from '../../../main/server/web-server';
import { ensureBuiltRenderer, launchBrowser } from '../../support/browser';
import { tempServices } from '../../support/services';

type Ctx = Awaited<ReturnType<typeof tempServices>>;

/** Raw HTTP, so every header is exactly what a browser on another port would send. */
function rawRequest(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: Uint8Array | string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const secretNames = async (ctx: Ctx) => {
  const r = await ctx.services.registry.call('secrets.list', {});
  return r.ok ? (r.value as { names: string[] }).names : [];
};

describe('web mode against pages served from other local ports', () => {
  let ctx: Ctx;
  let server: WebServer;
  let other: WebServer;
  beforeAll(async () => {
    ensureBuiltRenderer();
    ctx = await tempServices({ host: 'web' });
    server = await startWebServer({
      services: ctx.services,
      rendererDir: rendererDir(),
      maxBodyBytes: 1024 * 1024,
    });
    other = await startWebServer({
      services: ctx.services,
      rendererDir: rendererDir(),
      maxBodyBytes: 1024 * 1024,
    });
  });
  afterAll(async () => {
    await server?.close();
    await other?.close();
    ctx?.cleanup();
  });

  const pageCookie = async (s: WebServer) => {
    const res = await fetch(s.url);
    expect(res.status).toBe(200);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  };

  it('never puts the API token in a cookie (cookies reach every port of 127.0.0.1)', async () => {
    const cookie = await pageCookie(server);
    expect(cookie).not.toContain(server.token);
    // Per-launch names: two servers on this machine never overwrite each other's cookie.
    expect(cookie.split('=')[0]).not.toBe((await pageCookie(other)).split('=')[0]);
    // The cookie loads the app's files again (a reload after the token left the address bar)...
    expect((await rawRequest(server.port, '/', { headers: { cookie } })).status).toBe(200);
    // ...and opens nothing else.
    const viaCookie = await rawRequest(server.port, '/api/call/workspace.info', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(viaCookie.status).toBe(401);
  });

  it("refuses another port's no-cors POST carrying the cookie (text/plain, foreign Origin)", async () => {
    const cookie = await pageCookie(server);
    const res = await rawRequest(server.port, '/api/call/secrets.set', {
      method: 'POST',
      headers: {
        cookie,
        'content-type': 'text/plain;charset=UTF-8',
        origin: 'http://127.0.0.1:9',
        'sec-fetch-site': 'same-site',
        'sec-fetch-mode': 'no-cors',
      },
      body: encodeCall({ name: 'csrf', value: 'planted' }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await secretNames(ctx)).not.toContain('csrf');
  });

  it('refuses a cross-origin call even with the token, and a body that is not JSON or the envelope', async () => {
    const bearer = { authorization: `Bearer ${server.token}` };
    const json = { ...bearer, 'content-type': 'application/json' };
    const body = JSON.stringify({ name: 'x', value: 'y' });
    for (const headers of [
      { ...json, origin: 'http://127.0.0.1:9' },
      { ...json, origin: `http://localhost:${server.port + 1}` },
      { ...json, 'sec-fetch-site': 'same-site' },
      { ...json, 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await rawRequest(server.port, '/api/call/secrets.set', {
        method: 'POST',
        headers,
        body,
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body).toMatch(/another origin/);
    }
    const plain = await rawRequest(server.port, '/api/call/secrets.set', {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'text/plain' },
      body,
    });
    expect(plain.status).toBe(415);
    const events = await rawRequest(server.port, '/api/events', {
      headers: { ...bearer, 'sec-fetch-site': 'cross-site' },
    });
    expect(events.status).toBe(403);
    expect(await secretNames(ctx)).not.toContain('x');

    const sameOrigin = await rawRequest(server.port, '/api/call/secrets.set', {
      method: 'POST',
      headers: {
        ...json,
        origin: `http://127.0.0.1:${server.port}`,
        'sec-fetch-site': 'same-origin',
      },
      body,
    });
    expect(sameOrigin.status).toBe(200);
    expect(await secretNames(ctx)).toContain('x');
  });

  it('in Chromium, a page on another port neither receives the token nor changes the workspace', async () => {
    const seenCookies: string[] = [];
    const attackerPage = `<!doctype html><script>
      const target = 'http://127.0.0.1:${server.port}';
      const bytes = ${JSON.stringify(Array.from(encodeCall({ name: 'stolen', value: 'yes' })))};
      Promise.allSettled([
        fetch(target + '/api/call/secrets.set', { method: 'POST', mode: 'no-cors',
          credentials: 'include', body: new Blob([new Uint8Array(bytes)]) }),
        fetch(target + '/api/call/secrets.set', { method: 'POST', mode: 'no-cors',
          credentials: 'include', headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ name: 'stolen2', value: 'yes' }) }),
      ]).then(() => { document.title = 'done'; });
    </script>`;
    const attacker: Server = createServer((req, res) => {
      if (req.headers.cookie) seenCookies.push(req.headers.cookie);
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(attackerPage);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const attackerPort = (attacker.address() as AddressInfo).port;
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(server.url); // the user opens the printed URL: the page cookie is set
      await page.goto(`http://127.0.0.1:${attackerPort}/`);
      await page.waitForFunction("document.title === 'done'");
      expect(seenCookies.length).toBeGreaterThan(0); // cookies do cross ports...
      for (const c of seenCookies) expect(c).not.toContain(server.token); // ...the token does not
      const names = await secretNames(ctx);
      expect(names).not.toContain('stolen');
      expect(names).not.toContain('stolen2');
    } finally {
      await browser.close();
      await new Promise<void>((resolve) => attacker.close(() => resolve()));
    }
  });
});
