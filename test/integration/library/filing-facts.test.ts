import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import type { ImportReport } from '../../../shared/library/document';
import { FilingFactsService } from '../../../main/library/filing-facts-service';
import { dataPath, hasData } from '../../support/data-dir';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';

type Ctx = Awaited<ReturnType<typeof tempServices>>;

describe('filing facts in the library', () => {
  let ctx: Ctx;
  let src: ReturnType<typeof tempDir>;
  beforeEach(async () => {
    ctx = await tempServices({ host: 'web' });
    src = tempDir('workbench-facts-src-');
  });
  afterEach(() => {
    ctx.cleanup();
    src.cleanup();
  });

  const call = async <T>(method: string, input: unknown): Promise<T> => {
    const r = await ctx.services.registry.call(method, input);
    if (!r.ok) throw new Error(r.error.message);
    return r.value as T;
  };
  const list = async () =>
    (await call<{ documents: LibraryEntry[] }>('library.list', {})).documents;

  it('reads the facts in the background after the first listing, once, and keeps them', async () => {
    const cover = join(src.dir, 'acme-10-q.htm');
    writeFileSync(
      cover,
      `<html><body><p>SECURITIES AND EXCHANGE COMMISSION</p><p>FORM 10-Q</p>
       <p>For the quarterly period ended March 31, 2024</p><p>ACME WIDGETS, INC.</p>
       <p>(Exact name of registrant as specified in its charter)</p></body></html>`,
    );
    await call<ImportReport>('library.importPaths', { paths: [cover] });
    const events: string[] = [];
    ctx.services.bus.subscribe((name, payload) => {
      if (name === 'library.changed') events.push((payload as { reason: string }).reason);
    });
    expect((await list())[0]!.facts).toBeNull();
    await ctx.services.facts.fill();
    expect(events).toContain('facts');
    expect((await list())[0]!.facts).toEqual({
      company: 'ACME WIDGETS, INC.',
      form: '10-Q',
      periodEnd: '2024-03-31',
      fiscalYear: 2024,
      fiscalPeriod: null,
      cik: null,
      source: 'text',
    });
    // Kept: a new service over the same workspace reads nothing again.
    let reads = 0;
    const again = new FilingFactsService(
      ctx.services.workspace,
      ctx.services.bus,
      ctx.services.jobs,
      () => {
        reads++;
        return Promise.reject(new Error('should not read'));
      },
    );
    await again.fill();
    expect(reads).toBe(0);
    expect(again.stored().get((await list())[0]!.id)?.company).toBe('ACME WIDGETS, INC.');
  });

  it('keeps listing when a document is removed while its facts are read', async () => {
    const a = join(src.dir, 'a.htm');
    writeFileSync(a, '<html><body><p>FORM 10-K</p></body></html>');
    const [item] = (await call<ImportReport>('library.importPaths', { paths: [a] })).items;
    const id = item!.ok ? item!.document.id : -1;
    const slow = new FilingFactsService(
      ctx.services.workspace,
      ctx.services.bus,
      ctx.services.jobs,
      async () => {
        await call('library.remove', { id });
        return {
          company: 'X',
          form: '10-K',
          periodEnd: null,
          fiscalYear: null,
          fiscalPeriod: 'FY',
          cik: null,
          source: 'text',
        };
      },
    );
    await slow.fill();
    expect(await list()).toEqual([]);
  });

  it('opens the sample again instead of calling it a duplicate', async () => {
    const first = await call<ImportReport>('library.importSample', {});
    const second = await call<ImportReport>('library.importSample', {});
    expect(first.items.every((i) => i.ok)).toBe(true);
    expect(second.items.every((i) => i.ok)).toBe(true);
    const ids = (r: ImportReport) => r.items.map((i) => (i.ok ? i.document.id : -1));
    expect(ids(second)).toEqual(ids(first));
    expect(await list()).toHaveLength(1);
  });

  it('names a dataset file by its library name, not its SHA-256, when it cannot be read', async () => {
    const bad = join(src.dir, 'my-finqa-dev.json');
    writeFileSync(bad, JSON.stringify([{ hello: 'world' }]));
    const [item] = (await call<ImportReport>('library.importPaths', { paths: [bad] })).items;
    const doc = item!.ok ? item!.document : undefined;
    const r = await ctx.services.registry.call('datasets.importDocument', {
      documentId: doc!.id,
      format: 'finqa',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toContain('my-finqa-dev.json');
    expect(r.error.message).not.toContain(doc!.sha256);
  });

  it.skipIf(!hasData)(
    'reads real filings: inline XBRL, a 2009 filing and a PDF',
    async () => {
      const paths = [
        dataPath('sec-more', 'xom-10-q-2025-08-04.html'),
        dataPath('sec', 'GAINSCO_10-K_FY2009_no_xbrl', '0001193125-10-073212.html'),
        dataPath('financebench', 'pdfs', 'NIKE_2023_10K.pdf'),
      ];
      // A real filing under a name that says nothing about it.
      const renamed = join(src.dir, 'download (3).html');
      copyFileSync(dataPath('sec-more', 'wfc-10-k-2025-02-25.html'), renamed);
      await call<ImportReport>('library.importPaths', { paths: [...paths, renamed] });
      await list();
      await ctx.services.facts.fill();
      const byName = new Map((await list()).map((d) => [d.name, d.facts]));
      expect(byName.get('xom-10-q-2025-08-04.html')).toEqual({
        company: 'Exxon Mobil Corporation',
        form: '10-Q',
        periodEnd: '2025-06-30',
        fiscalYear: 2025,
        fiscalPeriod: 'Q2',
        cik: '0000034088',
        source: 'xbrl',
      });
      expect(byName.get('0001193125-10-073212.html')).toMatchObject({
        company: 'GAINSCO, INC.',
        form: '10-K',
        periodEnd: '2009-12-31',
      });
      expect(byName.get('NIKE_2023_10K.pdf')).toMatchObject({
        company: 'NIKE, Inc.',
        form: '10-K',
        periodEnd: '2023-05-31',
      });
      expect(byName.get('download (3).html')).toMatchObject({
        company: 'WELLS FARGO & COMPANY/MN',
        periodEnd: '2024-12-31',
      });
    },
    60_000,
  );
});
