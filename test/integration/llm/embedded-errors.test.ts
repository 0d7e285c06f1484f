import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedModel } from '../../../main/llm/embedded/embedded-model';
import { tempDir } from '../../support/temp-dir';
import {
  writeCorruptGguf,
  writeNotGguf,
  writeTinyGguf,
  writeTruncatedGguf,
  writeUnknownArchitectureGguf,
} from '../../support/tiny-gguf';

async function loadError(model: EmbeddedModel): Promise<{ code: string; message: string }> {
  try {
    await model.info();
  } catch (e) {
    const { code, message } = e as { code: string; message: string };
    return { code, message };
  } finally {
    model.close();
  }
  throw new Error(`${model.path} loaded`);
}

describe('embedded model files that cannot be loaded', () => {
  const t = tempDir('embedded-errors-');
  afterAll(() => t.cleanup());
  const model = (name: string) => new EmbeddedModel(join(t.dir, name), { threads: 1 });

  it.each([
    [
      'not GGUF',
      writeNotGguf,
      /^notes\.gguf is not a GGUF model file \(it does not start with "GGUF"\)/,
    ],
    [
      'cut short',
      writeTruncatedGguf,
      /^half\.gguf is incomplete: tensor 'blk\.\d\.[a-z_]+\.weight' lies past the end of the file/,
    ],
    [
      'a damaged header',
      writeCorruptGguf,
      /^damaged\.gguf is not a readable GGUF model \(.+\); the file is damaged/,
    ],
    [
      'an unknown architecture',
      writeUnknownArchitectureGguf,
      /^alien\.gguf is a 'workbench-unknown-arch' model, an architecture this version of llama\.cpp cannot run/,
    ],
  ] as const)('%s: one clear line, and the app goes on', async (_what, write, expected) => {
    const name = {
      'not GGUF': 'notes.gguf',
      'cut short': 'half.gguf',
      'a damaged header': 'damaged.gguf',
      'an unknown architecture': 'alien.gguf',
    }[_what];
    write(join(t.dir, name));
    const error = await loadError(model(name));
    expect(error.code).toBe('llm-model-file');
    expect(error.message, error.message).toMatch(expected);
    expect(error.message).not.toContain('\n');
  });

  it('a missing file', async () => {
    const error = await loadError(model('nowhere.gguf'));
    expect(error).toEqual({
      code: 'llm-model-file',
      message: `nowhere.gguf does not exist (${join(t.dir, 'nowhere.gguf')})`,
    });
  });

  it('a folder or a device is not read (a pipe could block for ever)', async () => {
    expect(await loadError(new EmbeddedModel(t.dir, { threads: 1 }))).toEqual({
      code: 'llm-model-file',
      message: `${t.dir} is a folder; choose a .gguf file`,
    });
    expect(await loadError(new EmbeddedModel('/dev/zero', { threads: 1 }))).toEqual({
      code: 'llm-model-file',
      message: '/dev/zero is not a regular file; choose a .gguf file',
    });
  });

  it('refuses a model the free memory cannot hold, before loading it', async () => {
    writeTinyGguf(join(t.dir, 'tiny.gguf'));
    const tight = new EmbeddedModel(join(t.dir, 'tiny.gguf'), {
      threads: 1,
      availableRamBytes: () => 1024 * 1024,
    });
    const error = await loadError(tight);
    expect(error.code).toBe('llm-out-of-memory');
    expect(error.message).toMatch(
      /^tiny\.gguf needs about \d+ MiB of memory with a 4096-token context, and this machine has 1 MiB free; close other programs or choose a smaller/,
    );
  });

  it('a good file still loads after the bad ones (nothing was left broken)', async () => {
    writeTinyGguf(join(t.dir, 'good.gguf'));
    const good = model('good.gguf');
    try {
      const r = await good.chat({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 3 });
      expect(r.completionTokens).toBeGreaterThan(0);
    } finally {
      good.close();
    }
  });
});
