import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../shared/library/document';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';

describe('import checks: a file whose content is not what its name says', () => {
  let ctx: Awaited<ReturnType<typeof tempServices>>;
  let src: ReturnType<typeof tempDir>;
  beforeEach(async () => {
    ctx = await tempServices();
    src = tempDir('workbench-import-checks-');
  });
  afterEach(() => {
    ctx.cleanup();
    src.cleanup();
  });

  it('refuses a .pdf that is an HTML error page and a .htm that is a PDF, storing nothing', async () => {
    const fakePdf = join(src.dir, '10-K 2023.pdf');
    writeFileSync(fakePdf, '<!DOCTYPE html><html><body>403 Forbidden</body></html>');
    const fakeHtm = join(src.dir, 'filing.htm');
    writeFileSync(fakeHtm, '%PDF-1.4\n%%EOF\n');
    const good = join(src.dir, 'real.pdf');
    writeFileSync(good, '%PDF-1.4\n%%EOF\n');
    const r = await ctx.services.registry.call('library.importPaths', {
      paths: [fakePdf, fakeHtm, good],
    });
    const items = (r.ok ? (r.value as ImportReport).items : []).map((i) =>
      i.ok ? { name: i.name, ok: true } : { name: i.name, ...i.error },
    );
    expect(items).toEqual([
      {
        name: '10-K 2023.pdf',
        code: 'file-mismatch',
        message:
          '10-K 2023.pdf: not a PDF: it has no %PDF- header in its first 1,024 bytes (it looks like HTML or XML)',
      },
      {
        name: 'filing.htm',
        code: 'file-mismatch',
        message: 'filing.htm: not HTML: its first 4 KB hold no markup (it is a PDF)',
      },
      { name: 'real.pdf', ok: true },
    ]);
    const list = await ctx.services.registry.call('library.list', {});
    expect(list.ok && (list.value as { documents: unknown[] }).documents).toHaveLength(1);
    // Only the good file's blob is kept, and nothing is left in the staging folder.
    const files = join(ctx.dir, 'files');
    const blobs = readdirSync(files, { recursive: true, withFileTypes: true }).filter((e) =>
      e.isFile(),
    );
    expect(blobs).toHaveLength(1);
  });
});
