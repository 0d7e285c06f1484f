import { afterAll, describe, expect, it } from 'vitest';
import { startServices } from '../../../main/services';
import { tempDir } from '../../support/temp-dir';

// llm.pickModelFile: the desktop host's native dialog for a .gguf (Electron cannot run here, so
// its dialog is stood in for by the host function main/electron/main.ts passes).
describe('llm.pickModelFile', () => {
  const t = tempDir('embedded-dialog-');
  afterAll(() => t.cleanup());

  it('answers the path the host dialog chose, or null when it was cancelled', async () => {
    const chosen: (string | null)[] = ['/models/qwen2.5-7b-q4_k_m.gguf', null];
    const services = await startServices({
      workspaceDir: t.dir,
      host: { kind: 'electron', pickModelFile: () => Promise.resolve(chosen.shift() ?? null) },
    });
    try {
      expect(await services.registry.call('llm.pickModelFile', {})).toEqual({
        ok: true,
        value: { path: '/models/qwen2.5-7b-q4_k_m.gguf' },
      });
      expect(await services.registry.call('llm.pickModelFile', {})).toEqual({
        ok: true,
        value: { path: null },
      });
    } finally {
      services.close();
    }
  });

  it('web mode has no dialog: unsupported, saying to type the path', async () => {
    const services = await startServices({ workspaceDir: t.dir, host: { kind: 'web' } });
    try {
      expect(await services.registry.call('llm.pickModelFile', {})).toEqual({
        ok: false,
        error: {
          code: 'unsupported',
          message: "no native file dialog here; type the model file's full path",
        },
      });
    } finally {
      services.close();
    }
  });
});
