import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatasetSummary } from '../../../shared/api/contract';
import { dataPath, hasData } from '../../support/data-dir';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';

type Ctx = Awaited<ReturnType<typeof tempServices>>;

describe('datasets through the API (read in a worker, stored in one transaction)', () => {
  let ctx: Ctx;
  let files: ReturnType<typeof tempDir>;
  beforeEach(async () => {
    ctx = await tempServices();
    files = tempDir();
  });
  afterEach(() => {
    ctx.cleanup();
    files.cleanup();
  });

  it('rejects a file of the wrong schema, naming it, and stores nothing', async () => {
    const p = join(files.dir, 'not-tatqa.json');
    writeFileSync(
      p,
      JSON.stringify([{ table: { uid: 'x', table: 'oops' }, paragraphs: [], questions: [] }]),
    );
    const r = await ctx.services.registry.call('datasets.import', { path: p, format: 'tatqa' });
    expect(r).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^not-tatqa\.json: record 0/) as unknown },
    });
    expect(await ctx.services.registry.call('datasets.list', {})).toEqual({
      ok: true,
      value: { datasets: [] },
    });
  });

  it.skipIf(!hasData)(
    'imports TAT-QA dev by path and again from the library copy (replacing, not duplicating)',
    async () => {
      const path = dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json');
      const seen: string[] = [];
      ctx.services.bus.subscribe((name, payload) =>
        seen.push(`${name}:${JSON.stringify(payload)}`),
      );
      const r = await ctx.services.registry.call('datasets.import', { path, format: 'tatqa' });
      expect(r).toMatchObject({
        ok: true,
        value: {
          dataset: {
            name: 'tatqa_dataset_dev.json',
            format: 'tatqa',
            documentCount: 278,
            questionCount: 1668,
          },
          replaced: false,
        },
      });
      expect(seen).toContain('library.changed:{"reason":"dataset"}');
      const list = await ctx.services.registry.call('library.list', {});
      const original = (
        list as { value: { documents: { id: number; name: string }[] } }
      ).value.documents.find((d) => d.name === 'tatqa_dataset_dev.json')!;
      const again = await ctx.services.registry.call('datasets.importDocument', {
        documentId: original.id,
        format: 'tatqa',
      });
      expect(again).toMatchObject({
        ok: true,
        value: {
          dataset: { name: 'tatqa_dataset_dev.json', questionCount: 1668 },
          replaced: true,
          questions: { added: 0, changed: 0, removed: 0, unchanged: 1668 },
        },
      });
      const datasets = (await ctx.services.registry.call('datasets.list', {})) as {
        value: { datasets: DatasetSummary[] };
      };
      expect(datasets.value.datasets).toHaveLength(1);
      expect(
        await ctx.services.registry.call('datasets.remove', { id: datasets.value.datasets[0]!.id }),
      ).toEqual({ ok: true, value: { removed: true } });
    },
  );
});
