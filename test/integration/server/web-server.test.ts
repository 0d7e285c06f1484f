import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCall, encodeCall, WIRE_TYPE } from '../../../shared/api/wire';
import { rendererDir } from '../../../main/app-paths';
import { latestSchemaVersion } from '../../../main/db/migrations';
import { startWebServer, type WebServer } from '../../../main/server/web-server';
import { tempServices } from '../../support/services';

type Ctx = Awaited<ReturnType<typeof tempServices>>;

/** Raw HTTP so headers like Host can be set exactly as an attacker would. */
function rawRequest(
  port: number,
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: Uint8Array | string | undefined;
  } = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('web mode server', () => {
  let ctx: Ctx;
  let server: WebServer;
  beforeAll(async () => {
    ctx = await tempServices({ host: 'web', maxImportBytes: 1024 * 1024 });
    server = await startWebServer({
      services: ctx.services,
      rendererDir: rendererDir(),
      maxBodyBytes: 2 * 1024 * 1024,
    });
  });
  afterAll(async () => {
    await server.close();
    ctx.cleanup();
  });

  const auth = () => ({ authorization: `Bearer ${server.token}` });
  const call = (method: string, input: unknown) =>
    fetch(`http://127.0.0.1:${server.port}/api/call/${method}`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });

  it('listens on 127.0.0.1 only and prints a URL with a random token', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{32}$/);
  });

  it('answers 401 without the token, with a wrong token, and for static files too', async () => {
    const noToken = await fetch(`http://127.0.0.1:${server.port}/api/call/workspace.info`, {
      method: 'POST',
      body: '{}',
    });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/token/) as unknown },
    });
    const wrong = await fetch(`http://127.0.0.1:${server.port}/api/call/workspace.info`, {
      method: 'POST',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${server.port}/api/events`)).status).toBe(401);
  });

  it('serves the app for the token URL, setting an HttpOnly page cookie and a CSP', async () => {
    const res = await fetch(server.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(res.headers.get('set-cookie')).toMatch(/workbench_page_\w+=.*HttpOnly.*SameSite=Strict/);
    expect(await res.text()).toMatch(/<div id="root">/);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const viaCookie = await fetch(`http://127.0.0.1:${server.port}/`, { headers: { cookie } });
    expect(viaCookie.status).toBe(200);
    // The API takes the token only in the Authorization header (see cross-origin.test.ts).
    const api = await fetch(`http://127.0.0.1:${server.port}/api/call/workspace.info`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await api.json()).toMatchObject({ ok: true, value: { host: 'web' } });
  });

  it('lets the browser keep the hashed assets, never the page', async () => {
    const page = await fetch(server.url);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const cookie = page.headers.get('set-cookie')!.split(';')[0]!;
    const script = /src="\.?(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`http://127.0.0.1:${server.port}${script}`, { headers: { cookie } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    // Outside assets/ (not named by a hash): not kept.
    const other = await fetch(`http://127.0.0.1:${server.port}/index.html`, {
      headers: { cookie },
    });
    expect(other.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const res = await rawRequest(server.port, '/api/call/workspace.info', {
      method: 'POST',
      headers: { ...auth(), host: 'evil.example:80' },
    });
    expect(res.status).toBe(403);
  });

  it('does not serve files outside the renderer folder', async () => {
    const res = await rawRequest(server.port, '/../../package.json', { headers: auth() });
    expect(res.status).toBe(404);
    const encoded = await rawRequest(server.port, '/%2e%2e/%2e%2e/package.json', {
      headers: auth(),
    });
    expect(encoded.status).toBe(404);
  });

  it('answers 400, not 500, for a malformed %-escape in the URL', async () => {
    for (const [path, method] of [
      ['/%E0%A4%A', 'GET'],
      ['/assets/%zz.js', 'GET'],
      ['/api/call/workspace.info%', 'POST'],
    ] as const) {
      const res = await rawRequest(server.port, path, {
        method,
        headers: { ...auth(), 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(res.status, path).toBe(400);
      expect(res.body).toMatch(/malformed %-escape/);
    }
  });

  it('calls the API with validated input and typed failures', async () => {
    expect(await (await call('workspace.info', {})).json()).toMatchObject({
      ok: true,
      value: { schemaVersion: latestSchemaVersion, documentCount: 0 },
    });
    expect(await (await call('no.such', {})).json()).toMatchObject({
      ok: false,
      error: { code: 'unknown-method' },
    });
    expect(await (await call('library.remove', { id: 'seven' })).json()).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        message: expect.stringMatching(/library\.remove: id/) as unknown,
      },
    });
    const garbage = await fetch(`http://127.0.0.1:${server.port}/api/call/workspace.info`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(garbage.status).toBe(400);
  });

  it('imports uploaded bytes through the binary wire format and pushes an SSE event', async () => {
    const events = await fetch(`http://127.0.0.1:${server.port}/api/events`, { headers: auth() });
    expect(events.headers.get('content-type')).toBe('text/event-stream');
    const reader = events.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    const html = '<html><body>SECURITIES AND EXCHANGE COMMISSION Form 10-K</body></html>';
    const res = await fetch(`http://127.0.0.1:${server.port}/api/call/library.importBytes`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/x-workbench-call' },
      body: encodeCall({
        name: 'upload-10k.htm',
        bytes: new TextEncoder().encode(html),
      }),
    });
    expect(await res.json()).toMatchObject({
      ok: true,
      value: { items: [{ ok: true, document: { name: 'upload-10k.htm', kind: 'sec-html' } }] },
    });
    let text = '';
    while (!text.includes('event: library.changed')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('event: library.changed\ndata: {"reason":"import"}');
    await reader.cancel();
  });

  it('sends results holding bytes in the binary envelope when asked (the PDF page view)', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n' + 'x'.repeat(3000));
    await fetch(`http://127.0.0.1:${server.port}/api/call/library.importBytes`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': WIRE_TYPE },
      body: encodeCall({ name: 'page.pdf', bytes: pdf }),
    });
    const list = (await (await call('library.list', {})).json()) as {
      value: { documents: { id: number; name: string }[] };
    };
    const id = list.value.documents.find((d) => d.name === 'page.pdf')!.id;
    const res = await fetch(`http://127.0.0.1:${server.port}/api/call/document.original`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json', accept: WIRE_TYPE },
      body: JSON.stringify({ id }),
    });
    expect(res.headers.get('content-type')).toBe(WIRE_TYPE);
    const decoded = decodeCall(new Uint8Array(await res.arrayBuffer())) as {
      ok: true;
      value: { bytes: Uint8Array; kind: string };
    };
    expect(decoded.value.kind).toBe('pdf');
    expect(Buffer.from(decoded.value.bytes).equals(Buffer.from(pdf))).toBe(true);
    // Without that Accept header: a clear refusal, not 200 with bytes as a JSON object (or,
    // for a 300 MB original, an empty 200).
    const asJson = await fetch(`http://127.0.0.1:${server.port}/api/call/document.original`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ id }),
    });
    expect(asJson.status).toBe(406);
    expect(await asJson.json()).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/Accept: application\/x-workbench-call/) as unknown },
    });
  });

  it('answers 413 for a body over the limit without reading it all', async () => {
    const big = new Uint8Array(3 * 1024 * 1024);
    const res = await fetch(`http://127.0.0.1:${server.port}/api/call/library.importBytes`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/x-workbench-call' },
      body: encodeCall({ name: 'huge.pdf', bytes: big }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'file-too-large' } });
  });
});
