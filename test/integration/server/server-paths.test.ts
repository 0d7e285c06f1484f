import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, methodNames } from '../../../shared/api/contract';
import { serverPathMethods } from '../../../main/api/transport-policy';
import { rendererDir } from '../../../main/app-paths';
import { startWebServer, type WebServer } from '../../../main/server/web-server';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';

type Ctx = Awaited<ReturnType<typeof tempServices>>;

const SECRET = 'SECRET-LINE-7f3a root:x:0:0:root:/root:/bin/bash';

describe('methods that take paths on the server', () => {
  let ctx: Ctx;
  let server: WebServer;
  const files = tempDir('workbench-paths-');
  const secretFile = join(files.dir, 'private.htm');
  beforeAll(async () => {
    writeFileSync(
      secretFile,
      `<html><body>SECURITIES AND EXCHANGE COMMISSION ${SECRET}</body></html>`,
    );
    ctx = await tempServices({ host: 'web' });
    server = await startWebServer({
      services: ctx.services,
      rendererDir: rendererDir(),
      maxBodyBytes: 1024 * 1024,
    });
  });
  afterAll(async () => {
    await server?.close();
    ctx?.cleanup();
    files.cleanup();
  });

  const webCall = async (method: string, input: unknown) => {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/call/${method}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    return { status: res.status, body: await res.json() };
  };

  it('are refused over web mode with a clear error, and nothing is read', async () => {
    for (const [method, input] of [
      ['library.importPaths', { paths: [secretFile, '/etc/passwd'] }],
      ['datasets.import', { path: secretFile, format: 'tatqa' }],
    ] as const) {
      const r = await webCall(method, input);
      expect(r.status, method).toBe(403);
      expect(r.body).toMatchObject({
        ok: false,
        error: {
          code: 'unsupported',
          message: expect.stringMatching(
            /not available in web mode; upload the file instead/,
          ) as unknown,
        },
      });
      expect(JSON.stringify(r.body)).not.toContain('SECRET');
    }
    const list = await webCall('library.list', {});
    expect(list.body).toMatchObject({ ok: true, value: { documents: [] } });
  });

  it('still work in process (CLI, Electron host)', async () => {
    const own = join(files.dir, 'own-10k.htm');
    writeFileSync(own, '<html><body>SECURITIES AND EXCHANGE COMMISSION Form 10-K</body></html>');
    const r = await ctx.services.registry.call('library.importPaths', { paths: [own] });
    expect(r).toMatchObject({ ok: true, value: { items: [{ ok: true }] } });
  });

  it('are all listed: every input field named like a path belongs to a listed method', () => {
    for (const m of methodNames) {
      const input = contract[m].input as { shape?: Record<string, unknown> };
      const pathKeys = Object.keys(input.shape ?? {}).filter((k) => /path|file|dir/i.test(k));
      if (pathKeys.length) expect(serverPathMethods.has(m), `${m}: ${pathKeys.join()}`).toBe(true);
    }
  });

  it('a dataset file that is not JSON is refused without quoting its bytes', async () => {
    const notJson = join(files.dir, 'passwd');
    writeFileSync(notJson, `${SECRET}\ndaemon:x:1:1\n`);
    const badTail = join(files.dir, 'tail.json');
    writeFileSync(badTail, `[{"a": SECRET}]`);
    for (const path of [notJson, badTail]) {
      for (const format of ['tatqa', 'financebench'] as const) {
        const r = await ctx.services.registry.call('datasets.import', { path, format });
        expect(r, `${path} ${format}`).toMatchObject({
          ok: false,
          error: { message: expect.stringMatching(/not valid JSON/) as unknown },
        });
        expect(JSON.stringify(r)).not.toMatch(/SECRET|root:x/);
      }
    }
  });
});
