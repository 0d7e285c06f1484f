import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { runsRepo } from '../../../main/db/runs-repo';
import { closeEmbeddedModels } from '../../../main/llm/embedded/embedded-models';
import { modelFileUrl } from '../../../shared/llm/provider';
import { hasData } from '../../support/data-dir';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { writeTinyGguf } from '../../support/tiny-gguf';
import { importTatqa, tatqaDev } from '../runs/engine-support';

process.env.WORKBENCH_EMBEDDED_THREADS ??= '1';

// A run of the engine answered by an embedded model, unchanged: the provider is the file's URL.
describe.skipIf(!hasData)('a run through an embedded model (TAT-QA, tiny GGUF)', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  const files = tempDir('embedded-run-');
  let datasetId: number;

  beforeAll(async () => {
    env = await tempServices();
    ({ datasetId } = await importTatqa(env.services, files.dir, tatqaDev().slice(0, 1)));
  }, 60_000);

  afterAll(() => {
    closeEmbeddedModels();
    env?.cleanup();
    files.cleanup();
  });

  it('answers every question (one at a time in the model), with the model token counts', async () => {
    const model = writeTinyGguf(join(files.dir, 'tiny.gguf'));
    const handle = env.services.engine.start({
      datasetId,
      limit: 3,
      provider: { baseUrl: modelFileUrl(model) },
      model: 'tiny.gguf',
      mode: 'direct',
      params: { maxTokens: 8, temperature: 0 },
      // Asked at once, queued by the model process: concurrency 1 per loaded model.
      concurrency: 3,
    });
    const last = await handle.finished;
    expect(last).toMatchObject({ status: 'done', done: 3, failed: 0, total: 3 });
    const items = runsRepo(env.services.workspace.db).items(handle.runId);
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(item.error).toBeNull();
      expect(item.usage?.outputTokens).toBeGreaterThan(0);
      expect(item.usage?.outputTokens).toBeLessThanOrEqual(8);
    }
  });
});
