import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/cli';
import { tempDir } from '../../support/temp-dir';

/**
 * `workbench exec` as a user runs it, from the TypeScript sources (`node --import tsx
 * main/cli.ts`), so the test never depends on a stale dist/. The sandbox worker then starts
 * through its tsx bootstrap; the compiled path is the same code without it.
 */
function exec(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'main/cli.ts', 'exec', ...args], {
      cwd: repoRoot,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('workbench exec', () => {
  let dir: ReturnType<typeof tempDir>;
  const file = (name: string, text: string) => {
    const path = join(dir.dir, name);
    writeFileSync(path, text);
    return path;
  };
  beforeAll(() => {
    dir = tempDir('workbench-exec-');
  });
  afterAll(() => dir.cleanup());

  it('prints the answer on stdout, the program’s logs and a trace summary on stderr', async () => {
    const program = file(
      'growth.js',
      "function solution() {\n  console.log('reading');\n  return cell('is', ['Revenue'], ['2023']) / cell('is', 'Revenue', '2022') - 1;\n}\n",
    );
    const tables = file(
      'tables.json',
      JSON.stringify({
        id: 'is',
        cells: [
          { rowPath: ['Revenue'], colPath: ['2023'], value: 125 },
          { rowPath: ['Revenue'], colPath: ['2022'], value: 100 },
        ],
      }),
    );
    const r = await exec([program, '--tables', tables]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('0.25\n');
    expect(r.stderr).toContain('reading');
    expect(r.stderr).toContain('read 2 values through cell()/table()');
  });

  it('exits 1 with a one-line classified reason (and the full result under --json)', async () => {
    const loop = file('loop.js', 'while (true) {}');
    const human = await exec([loop, '--timeout-ms', '100']);
    expect(human.code).toBe(1);
    expect(human.stdout).toBe('');
    expect(human.stderr.trim()).toBe('workbench: timeout: ran past its 100 ms deadline');

    const json = await exec([loop, '--timeout-ms', '100', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      file: loop,
      ok: false,
      error: { kind: 'timeout', message: 'ran past its 100 ms deadline' },
      trace: [],
      logs: '',
    });
  });

  it('--json on success prints the SandboxResult with the file name', async () => {
    const r = await exec([file('ok.js', 'const rate = 0.04; 2500 * rate'), '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(out).toMatchObject({ ok: true, value: 100, trace: [], traceTruncated: false, logs: '' });
    expect(typeof out.durationMs).toBe('number');
  });

  it('--extract runs the JavaScript in a model answer and refuses Python with the reason', async () => {
    const answer = file(
      'answer.md',
      'Sure!\n\n```js\nfunction solution() { return 2 ** 10; }\n```\nDone.',
    );
    const ok = await exec([answer, '--extract', '--json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, value: 1024, extractedFrom: 'fence' });

    const python = file('python.md', '```python\ndef solution():\n    return 1\n```');
    const refused = await exec([python, '--extract']);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      'workbench: not run: python: Python code: a ```python code block',
    );
  });

  it('rejects bad usage with exit 2', async () => {
    const program = file('p.js', '1');
    expect((await exec([])).code).toBe(2);
    const bad = await exec([program, '--timeout-ms', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--timeout-ms must be a whole number from 1 to 600000, got 0');
    const missing = await exec([join(dir.dir, 'missing.js')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('(ENOENT)');
  });
});
