import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../shared/library/document';
import { openWorkspace } from '../../../main/workspace/workspace';
import { makeReadOnly } from '../../support/read-only';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';

type Ctx = Awaited<ReturnType<typeof tempServices>>;

describe('importing files into the library', () => {
  let ctx: Ctx;
  let src: ReturnType<typeof tempDir>;
  beforeEach(async () => {
    ctx = await tempServices({ maxImportBytes: 64 * 1024 });
    src = tempDir('workbench-src-');
  });
  afterEach(() => {
    ctx.cleanup();
    src.cleanup();
  });

  const write = (name: string, content: string | Buffer) => {
    const p = join(src.dir, name);
    writeFileSync(p, content);
    return p;
  };
  const importPaths = async (...paths: string[]) => {
    const r = await ctx.services.registry.call('library.importPaths', { paths });
    if (!r.ok) throw new Error(r.error.message);
    return r.value as ImportReport;
  };
  const rowCount = () =>
    (
      ctx.services.workspace.db.prepare('SELECT count(*) AS n FROM documents').get() as {
        n: number;
      }
    ).n;
  const storedBlobs = () =>
    readdirSync(ctx.services.workspace.files.dir, { recursive: true, withFileTypes: true }).filter(
      (e) => e.isFile(),
    ).length;

  it('stores the original by SHA-256 and records name, kind, size, hash and time', async () => {
    const html = '<html xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><body>10-K</body></html>';
    const report = await importPaths(write('acme-10k.htm', html));
    const item = report.items[0]!;
    expect(item.ok).toBe(true);
    if (!item.ok) return;
    expect(item.document).toMatchObject({
      name: 'acme-10k.htm',
      kind: 'sec-html',
      size: html.length,
    });
    const stored = ctx.services.workspace.files.pathFor(item.document.sha256);
    expect(readFileSync(stored, 'utf8')).toBe(html);
    expect(Date.now() - Date.parse(item.document.importedAt)).toBeLessThan(60_000);
    const list = await ctx.services.registry.call('library.list', {});
    expect(list.ok && list.value).toMatchObject({ documents: [{ name: 'acme-10k.htm' }] });
  });

  it('hashes content correctly (matches node:crypto)', async () => {
    const { createHash } = await import('node:crypto');
    const content = Buffer.from('%PDF-1.4\n'.padEnd(5000, 'x'));
    const report = await importPaths(write('r.pdf', content));
    const item = report.items[0]!;
    expect(item.ok && item.document.sha256).toBe(
      createHash('sha256').update(content).digest('hex'),
    );
    expect(item.ok && item.document.kind).toBe('pdf');
  });

  it('refuses a duplicate, naming both files, and keeps one row and one blob', async () => {
    await importPaths(write('a.htm', '<html>same</html>'));
    const report = await importPaths(write('copy-of-a.htm', '<html>same</html>'));
    expect(report.items[0]).toMatchObject({
      ok: false,
      name: 'copy-of-a.htm',
      error: { code: 'duplicate' },
    });
    expect(!report.items[0]!.ok && report.items[0]!.error.message).toMatch(
      /copy-of-a\.htm.*"a\.htm"/,
    );
    expect(rowCount()).toBe(1);
    expect(storedBlobs()).toBe(1);
  });

  it('gives each bad file its own clear error and still imports the good ones', async () => {
    mkdirSync(join(src.dir, 'folder'));
    const report = await importPaths(
      write('empty.htm', ''),
      join(src.dir, 'missing.pdf'),
      join(src.dir, 'folder'),
      write('big.pdf', Buffer.alloc(64 * 1024 + 1, 1)),
      write('good.json', '[{"table": {}}]'),
    );
    const byName = Object.fromEntries(report.items.map((i) => [i.name, i]));
    expect(byName['empty.htm']).toMatchObject({
      ok: false,
      error: { code: 'file-empty', message: 'empty.htm: the file is empty' },
    });
    expect(byName['missing.pdf']).toMatchObject({ ok: false, error: { code: 'file-unreadable' } });
    expect(!byName['missing.pdf']!.ok && byName['missing.pdf']!.error.message).toMatch(
      /missing\.pdf.*ENOENT/,
    );
    expect(byName.folder).toMatchObject({
      ok: false,
      error: {
        code: 'file-unreadable',
        message: expect.stringMatching(/not a regular file/) as unknown,
      },
    });
    expect(byName['big.pdf']).toMatchObject({
      ok: false,
      error: {
        code: 'file-too-large',
        message: expect.stringMatching(
          /big\.pdf: 0\.1 MiB is over the import limit of 0\.1 MiB/,
        ) as unknown,
      },
    });
    expect(byName['good.json']).toMatchObject({ ok: true, document: { kind: 'dataset' } });
    expect(rowCount()).toBe(1);
    expect(storedBlobs()).toBe(1);
  });

  it('imports bytes sent by the renderer, with the same checks', async () => {
    const ok = await ctx.services.registry.call('library.importBytes', {
      name: 'up.htm',
      bytes: new Uint8Array(Buffer.from('<html>x</html>')),
    });
    expect(ok.ok && (ok.value as ImportReport).items[0]).toMatchObject({
      ok: true,
      document: { name: 'up.htm', size: 14 },
    });
    const empty = await ctx.services.registry.call('library.importBytes', {
      name: 'e.htm',
      bytes: new Uint8Array(),
    });
    expect(empty.ok && (empty.value as ImportReport).items[0]).toMatchObject({
      ok: false,
      error: { code: 'file-empty' },
    });
    const bad = await ctx.services.registry.call('library.importBytes', {
      name: 'x',
      bytes: 'not bytes',
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('announces changes and reports progress for big files', async () => {
    const seen: string[] = [];
    ctx.services.bus.subscribe((name) => seen.push(name));
    await importPaths(write('a.htm', '<html>a</html>'));
    expect(seen).toContain('library.changed');
  });

  it('removes a document and its stored original', async () => {
    const report = await importPaths(write('a.htm', '<html>a</html>'));
    const doc = report.items[0]!.ok ? report.items[0]!.document : undefined;
    const r = await ctx.services.registry.call('library.remove', { id: doc!.id });
    expect(r).toEqual({ ok: true, value: { removed: true } });
    expect(existsSync(ctx.services.workspace.files.pathFor(doc!.sha256))).toBe(false);
    expect(rowCount()).toBe(0);
  });

  it('imports the bundled sample filing as an SEC filing', async () => {
    const r = await ctx.services.registry.call('library.importSample', {});
    expect(r.ok && (r.value as ImportReport).items).toEqual([
      expect.objectContaining({
        ok: true,
        document: expect.objectContaining({ kind: 'sec-html' }) as unknown,
      }),
    ]);
  });

  it('says when no native dialog exists (web and CLI)', async () => {
    expect(await ctx.services.registry.call('library.pickAndImport', {})).toMatchObject({
      ok: false,
      error: { code: 'unsupported' },
    });
  });

  it('fails cleanly, with nothing half-written, when the files folder turns read-only', async (t) => {
    const undo = makeReadOnly(ctx.services.workspace.files.dir);
    if (!undo)
      return t.skip('cannot make a folder read-only on this machine (root without chattr)');
    try {
      const report = await importPaths(write('a.htm', '<html>a</html>'));
      expect(report.items[0]).toMatchObject({
        ok: false,
        name: 'a.htm',
        error: { code: 'workspace-readonly' },
      });
      expect(!report.items[0]!.ok && report.items[0]!.error.message).toMatch(/^a\.htm: /);
    } finally {
      undo();
    }
    expect(rowCount()).toBe(0);
  });
});

describe('opening a workspace', () => {
  it('refuses a read-only folder with a clear error', async (t) => {
    const d = tempDir();
    const undo = makeReadOnly(d.dir);
    if (!undo) return t.skip('cannot make a folder read-only on this machine');
    try {
      await expect(openWorkspace(join(d.dir))).rejects.toMatchObject({
        code: 'workspace-readonly',
        message: expect.stringContaining(d.dir) as unknown,
      });
    } finally {
      undo();
      d.cleanup();
    }
  });

  it('refuses a path that is a file', async () => {
    const d = tempDir();
    writeFileSync(join(d.dir, 'file'), 'x');
    await expect(openWorkspace(join(d.dir, 'file'))).rejects.toMatchObject({
      code: 'workspace-unavailable',
    });
    d.cleanup();
  });
});

describe.skipIf(!hasData)('importing the real data', () => {
  it(`stores real filings, PDFs and datasets with the right kinds${hasData ? '' : ` (${noDataMessage})`}`, async () => {
    const ctx = await tempServices();
    try {
      const r = await ctx.services.registry.call('library.importPaths', {
        paths: [
          dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html'),
          dataPath('sec', 'GAINSCO_10-K_FY2009_no_xbrl', '0001193125-10-073212.html'),
          dataPath('financebench', 'pdfs', '3M_2018_10K.pdf'),
          dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
        ],
      });
      const kinds = r.ok
        ? (r.value as ImportReport).items.map((i) => (i.ok ? i.document.kind : i.error.message))
        : [];
      expect(kinds).toEqual(['sec-html', 'sec-html', 'pdf', 'dataset']);
    } finally {
      ctx.cleanup();
    }
  });
});
