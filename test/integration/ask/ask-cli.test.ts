import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runSourceCli, runSourceCliAsync, sampleFiling } from '../../support/cli';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempDir } from '../../support/temp-dir';

const runCliAsync = runSourceCliAsync;

const QUESTION = 'By how much did total revenue grow in 2025 compared to 2024?';

describe('workbench ask', () => {
  const ws = tempDir('ask-cli-ws-');
  let server: OpenAiTestServer;

  beforeAll(async () => {
    server = await startOpenAiTestServer({
      replies: [
        {
          // Reads the two cells the context shows for total revenue (the fictional sample
          // filing's statement of operations), by position.
          match: QUESTION,
          reply: (req) => {
            const prompt = (req.body as { messages: { content: string }[] }).messages[1]!.content;
            const line = /^row (\d+) \["Revenue","Total revenue"\]/m.exec(prompt);
            const table = /^Table (t\d+) — NORTHWIND/m.exec(prompt);
            if (!line || !table) throw new Error('no total revenue row in the prompt');
            return `\`\`\`javascript\nfunction solution() {\n  return cell('${table[1]}', ${line[1]}, 0) - cell('${table[1]}', ${line[1]}, 1);\n}\n\`\`\``;
          },
        },
      ],
    });
  });

  afterAll(async () => {
    await server.close();
    ws.cleanup();
  });

  it('--doc FILE --mode pot --json prints the answer, program, reads and grounding', async () => {
    const r = await runCliAsync([
      'ask',
      '--workspace',
      ws.dir,
      '--doc',
      sampleFiling,
      '--question',
      QUESTION,
      '--mode',
      'pot',
      '--base-url',
      server.baseUrl,
      '--model',
      'test-chat',
      '--json',
    ]);
    expect(r.code).toBe(0);
    // Under --json stdout is the JSON alone; the human summary goes to stderr.
    expect(r.stderr).toMatch(/^answer: /);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual([
      'mode',
      'model',
      'answer',
      'program',
      'execution',
      'reads',
      'grounding',
      'evidence',
      'usage',
      'grade',
    ]);
    expect(out).toMatchObject({
      mode: 'pot',
      model: 'test-chat',
      answer: { unit: 'USD', scale: 1e6 },
      execution: { ok: true, error: null },
      grade: null,
    });
    expect((out.answer as { value: number }).value).toBeCloseTo(1482.6 - 1319.0, 9);
    expect((out.reads as { value: number }[]).map((c) => c.value)).toEqual([1482.6, 1319.0]);
    expect(
      (out.grounding as { literals: { source: string }[] }).literals.map((l) => l.source),
    ).toEqual(['cell', 'cell']);
    expect((out.usage as { promptTokens: number }).promptTokens).toBeGreaterThan(0);
  });

  it('without --json: the answer and grounding on stdout, the model text on stderr', async () => {
    const r = await runCliAsync([
      'ask',
      '--workspace',
      ws.dir,
      '--doc',
      sampleFiling,
      '--question',
      QUESTION,
      '--mode',
      'pot',
      '--base-url',
      server.baseUrl,
      '--model',
      'test-chat',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^answer: \$163\.6 million\n/);
    expect(r.stdout).toMatch(/grounding:\n\s+1,482\.6\s+cell t1 row \d+ col 0\n/);
    expect(r.stderr).toContain('function solution()');
  });

  it('an unreachable endpoint: exit 1 with one line', () => {
    const r = runSourceCli([
      'ask',
      '--workspace',
      ws.dir,
      '--doc',
      sampleFiling,
      '--question',
      QUESTION,
      '--mode',
      'pot',
      '--base-url',
      'http://127.0.0.1:9/v1',
      '--model',
      'test-chat',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^workbench: cannot connect to http:\/\/127\.0\.0\.1:9\/v1/);
  });

  it('Ctrl-C mid-stream cancels the ask: exit 130 at once', async () => {
    server.setReplies([{ match: /./, reply: 'z'.repeat(4000) }]);
    server.fault({ kind: 'slow', delayMs: 100, perChunk: true, times: 1 });
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(repoRoot, 'main', 'cli.ts'),
        'ask',
        '--workspace',
        ws.dir,
        '--doc',
        sampleFiling,
        '--question',
        'Ctrl-C?',
        '--mode',
        'direct',
        '--base-url',
        server.baseUrl,
        '--model',
        'test-chat',
      ],
      { cwd: repoRoot },
    );
    let stderr = '';
    const streaming = new Promise<void>((resolve) =>
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (stderr.includes('zzz')) resolve();
      }),
    );
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    await streaming;
    const sent = performance.now();
    child.kill('SIGINT');
    expect(await closed).toBe(130);
    expect(performance.now() - sent).toBeLessThan(5000);
    expect(stderr).toMatch(/workbench: cancelled \(Ctrl-C\)\n$/);
    server.clearFaults();
  });

  it('usage errors exit 2', () => {
    const r = runSourceCli(['ask', '--workspace', ws.dir, '--doc', sampleFiling, '--mode', 'pot']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--base-url URL is required/);
  });
});
