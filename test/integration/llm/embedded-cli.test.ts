import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSourceCliAsync, sampleFiling } from '../../support/cli';
import { tempDir } from '../../support/temp-dir';
import { writeNotGguf, writeTinyGguf } from '../../support/tiny-gguf';

// One llama.cpp thread (the CLI children inherit it): more spin against each other on a loaded
// 2-core machine.
process.env.WORKBENCH_EMBEDDED_THREADS ??= '1';
const cli = runSourceCliAsync;

describe('workbench with --model-file (an embedded model)', () => {
  const t = tempDir('embedded-cli-');
  const model = writeTinyGguf(join(t.dir, 'tiny.gguf'));
  const notModel = writeNotGguf(join(t.dir, 'notes.gguf'));
  afterAll(() => t.cleanup());
  const ask = (extra: string[]) =>
    cli([
      'ask',
      '--workspace',
      join(t.dir, 'ws'),
      '--doc',
      sampleFiling,
      '--question',
      'What was total revenue in 2025?',
      '--mode',
      'direct',
      '--k',
      '1',
      '--max-tokens',
      '12',
      ...extra,
    ]);

  it('ask --json answers through the model file, with token counts and timing', async () => {
    const [json, plain] = await Promise.all([
      ask(['--model-file', model, '--json']),
      ask(['--model-file', model]),
    ]);
    expect(json.code, json.stderr).toBe(0);
    const out = JSON.parse(json.stdout) as {
      mode: string;
      model: string;
      answer: { text: string };
      usage: { promptTokens: number; completionTokens: number };
    };
    expect(out).toMatchObject({ mode: 'direct', model: 'tiny.gguf' });
    expect(out.usage.completionTokens).toBeGreaterThan(0);
    expect(out.usage.completionTokens).toBeLessThanOrEqual(12);
    // The filing's excerpt is in the prompt: hundreds of tokens, counted by the model's tokenizer.
    expect(out.usage.promptTokens).toBeGreaterThan(100);
    const summary = /tokens: (\d+) in, (\d+) out; model (\d+) ms, other (\d+) ms/.exec(json.stderr);
    expect(summary?.slice(1, 3).map(Number)).toEqual([
      out.usage.promptTokens,
      out.usage.completionTokens,
    ]);
    expect(Number(summary?.[3])).toBeGreaterThan(0);

    // Without --json the model's text streams to stderr as it comes; stdout has the summary.
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(/^answer: .*\ntokens: \d+ in, \d+ out; model \d+ ms/);
    expect(plain.stderr.trim().length).toBeGreaterThan(0);
  });

  it('models --model-file --json prints what the file holds', async () => {
    const r = await cli([
      'models',
      '--workspace',
      join(t.dir, 'ws'),
      '--model-file',
      model,
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      fileName: 'tiny.gguf',
      architecture: 'llama',
      quantisation: 'F32',
      trainContextLength: 4096,
      chatFormat: 'ChatML',
      device: 'cpu',
    });
  });

  it('a file that is not GGUF: exit 1 with one line', async () => {
    const r = await ask(['--model-file', notModel]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      'workbench: notes.gguf is not a GGUF model file (it does not start with "GGUF"); choose a .gguf file',
    );
    expect(r.stdout).toBe('');
  });
});
