import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../../main/sandbox';
import { loadQuickJS } from '../../../main/sandbox/quickjs-module';
import { runProgram } from '../../../main/sandbox/run-program';
import { extractProgram } from '../../../shared/sandbox/extract-program';
import { resolveLimits } from '../../../shared/sandbox/limits';
import {
  PROMPT_EXAMPLE_PROGRAM,
  PROMPT_EXAMPLE_TABLE_ID,
  SANDBOX_PROMPT_HELP,
} from '../../../shared/sandbox/prompt-help';
import type { SandboxTable } from '../../../shared/sandbox/types';
import { repoRoot } from '../../support/cli';
import { SEGMENTS } from './support';

describe('Sandbox: helpers and trace', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = new Sandbox();
    await sandbox.warmUp();
  });
  afterAll(() => sandbox.close());

  it('cell() reads numbers by header path and every read is traced in order', async () => {
    const r = await sandbox.run(
      `function solution() {
        const now = cell('segments', ['Aerospace Systems', 'Sales'], ['2018']);
        const before = cell('segments', ['aerospace systems', 'sales'], '2017');
        return Math.round(((now - before) / before) * 10000) / 100;
      }`,
      { tables: [SEGMENTS] },
    );
    expect(r).toMatchObject({ ok: true, value: 8.7 });
    expect(r.trace).toEqual([
      { fn: 'cell', args: ['segments', ['Aerospace Systems', 'Sales'], ['2018']], value: 13187 },
      { fn: 'cell', args: ['segments', ['aerospace systems', 'sales'], ['2017']], value: 12131 },
    ]);
  });

  it('a failed lookup is a runtime error with the reason, and is traced with a null value', async () => {
    const r = await sandbox.run("cell('segments', ['Total sales'], ['2017'])", {
      tables: [SEGMENTS],
    });
    expect(r).toMatchObject({
      ok: false,
      error: {
        kind: 'runtime',
        message:
          'LookupError: cell("segments", ["Total sales"], ["2017"]): the cell is empty or not a number',
      },
    });
    expect(r.trace).toEqual([
      { fn: 'cell', args: ['segments', ['Total sales'], ['2017']], value: null },
    ]);
  });

  it('a program can catch a failed lookup and go on', async () => {
    const r = await sandbox.run(
      "let v; try { v = cell('segments', 'Nope', '2018'); } catch (e) { v = e.name === 'LookupError' ? -1 : -2; } v",
      { tables: [SEGMENTS] },
    );
    expect(r).toMatchObject({ ok: true, value: -1 });
  });

  it('table() returns a deep-frozen plain copy and is traced', async () => {
    const r = await sandbox.run(
      `const t = table('segments');
       [t.id, t.cells.length, Object.isFrozen(t), Object.isFrozen(t.cells), Object.isFrozen(t.cells[0].colPath),
        t.cells.filter(c => c.colPath[0] === '2018').reduce((s, c) => s + c.value, 0)].join()`,
      { tables: [{ ...SEGMENTS, extra: 'not copied' } as SandboxTable] },
    );
    expect(r).toMatchObject({
      ok: true,
      value: `segments,5,true,true,true,${13187 + 11709 + 30095}`,
    });
    expect(r.trace).toHaveLength(1);
    expect(r.trace[0]).toMatchObject({
      fn: 'table',
      args: ['segments'],
      value: { id: 'segments' },
    });
  });

  it('table() of an unknown id names the tables that exist', async () => {
    const r = await sandbox.run("table('nope')", { tables: [SEGMENTS] });
    expect(r.ok === false && r.error.message).toContain('tables: segments');
  });

  it('helper argument mistakes are TypeErrors inside the program', async () => {
    const r = await sandbox.run("cell('segments', 42, '2018')", { tables: [SEGMENTS] });
    expect(r).toMatchObject({
      ok: false,
      error: {
        kind: 'runtime',
        message:
          'TypeError: cell(tableId, rowPath, colPath): rowPath must be a string or an array of strings',
      },
    });
  });

  it('keeps at most maxTraceEntries reads and says it truncated', async () => {
    const small = new Sandbox({ limits: { maxTraceEntries: 3 } });
    try {
      const r = await small.run(
        "let s = 0; for (let i = 0; i < 10; i++) s += cell('segments', 'Total sales', '2018'); s",
        { tables: [SEGMENTS] },
      );
      expect(r).toMatchObject({ ok: true, value: 300950, traceTruncated: true });
      expect(r.trace).toHaveLength(3);
    } finally {
      await small.close();
    }
  });

  it('captures console output', async () => {
    const r = await sandbox.run("console.log('rate', 0.05, { a: [1] }); console.error(null); 1");
    expect(r).toMatchObject({ ok: true, value: 1, logs: 'rate 0.05 {"a":[1]}\nnull\n' });
  });
});

describe('Sandbox: scheduling', () => {
  it('runMany answers in input order, batched over several workers', async () => {
    const sandbox = new Sandbox({ workers: 2, maxBatch: 8 });
    try {
      const jobs = Array.from({ length: 100 }, (_, i) => ({
        program: i % 10 === 3 ? 'throw new Error("x")' : `function solution() { return ${i} * 2; }`,
      }));
      const results = await sandbox.runMany(jobs);
      results.forEach((r, i) => {
        if (i % 10 === 3) expect(r.ok).toBe(false);
        else expect(r).toMatchObject({ ok: true, value: i * 2 });
      });
      expect(sandbox.stats.workersStarted).toBe(2);
      expect(sandbox.stats.programsRun).toBe(100);
    } finally {
      await sandbox.close();
    }
  });

  it('concurrent run() calls share the worker and each gets its own answer', async () => {
    const sandbox = new Sandbox();
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => sandbox.run(`${i} + 0.5`)),
      );
      expect(answers.map((a) => (a.ok ? a.value : null))).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 0.5),
      );
    } finally {
      await sandbox.close();
    }
  });

  it('per-run options override the sandbox defaults', async () => {
    const sandbox = new Sandbox({ limits: { timeoutMs: 5000 } });
    try {
      const started = performance.now();
      const r = await sandbox.run('for (;;) {}', { timeoutMs: 50 });
      expect(r).toMatchObject({
        ok: false,
        error: { kind: 'timeout', message: 'ran past its 50 ms deadline' },
      });
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      await sandbox.close();
    }
  });

  it('close() settles queued programs as internal errors and refuses new ones', async () => {
    const sandbox = new Sandbox({ limits: { timeoutMs: 2000 } });
    const pending = sandbox.runMany([{ program: 'for (;;) {}' }, { program: '1' }]);
    await new Promise((r) => setTimeout(r, 50));
    await sandbox.close();
    const results = await pending;
    expect(results.map((r) => (r.ok ? 'ok' : r.error.kind))).toEqual(['internal', 'internal']);
    await expect(sandbox.run('1')).rejects.toThrow('the sandbox is closed');
  });

  it('an idle sandbox does not keep the process alive, even if never closed', () => {
    // A script that forgets close(): it must still exit on its own once the answer is in.
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "const { Sandbox } = require('./main/sandbox'); new Sandbox().run('6 * 7').then((r) => console.log(r.value));",
      ],
      { cwd: repoRoot, encoding: 'utf8', timeout: 30_000 },
    );
    expect(r.signal).toBeNull(); // not killed by the timeout
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe('42');
  });

  it('close() is idempotent', async () => {
    const sandbox = new Sandbox();
    await sandbox.run('1');
    await sandbox.close();
    await expect(sandbox.close()).resolves.toBeUndefined();
  });
});

describe('the help text prompts give models', () => {
  it('its example program, extracted from the help text itself, runs and reads two cells', async () => {
    const extracted = extractProgram(SANDBOX_PROMPT_HELP);
    expect(extracted).toMatchObject({ kind: 'javascript', program: PROMPT_EXAMPLE_PROGRAM });
    const sandbox = new Sandbox();
    try {
      const r = await sandbox.run(PROMPT_EXAMPLE_PROGRAM, {
        tables: [
          {
            id: PROMPT_EXAMPLE_TABLE_ID,
            cells: [
              { rowPath: ['Income statement', 'Revenue'], colPath: ['2023'], value: 125 },
              { rowPath: ['Income statement', 'Revenue'], colPath: ['2022'], value: 100 },
            ],
          },
        ],
      });
      expect(r).toMatchObject({ ok: true, value: 25 });
      expect(r.trace.map((t) => t.value)).toEqual([125, 100]);
    } finally {
      await sandbox.close();
    }
  });
});

describe('extracted model output runs in the sandbox', () => {
  it('a fenced JavaScript answer with prose around it computes its number', async () => {
    const output =
      'To find the growth:\n\n```javascript\nfunction solution() {\n  const revenue2018 = cell("segments", ["Total sales"], ["2018"]);\n  return revenue2018 / 1000;\n}\n```\nSo revenue was about 30 billion.';
    const extracted = extractProgram(output);
    expect(extracted.kind).toBe('javascript');
    const sandbox = new Sandbox();
    try {
      const r = await sandbox.run(extracted.kind === 'javascript' ? extracted.program : '', {
        tables: [SEGMENTS],
      });
      expect(r).toMatchObject({ ok: true, value: 30.095 });
    } finally {
      await sandbox.close();
    }
  });
});

describe('runProgram (in-process, the code each worker runs)', () => {
  it('restores the host clock after a run, even when the program fails', async () => {
    const instance = await loadQuickJS(64 * 1024 * 1024);
    const realNow = Date.now;
    const run = runProgram(instance, {
      program: 'throw new Error(Date.now())',
      tables: [],
      limits: resolveLimits({ nowMs: 1234 }),
    });
    expect(run.result).toMatchObject({ ok: false, error: { message: 'Error: 1234' } });
    expect(run.retire).toBeUndefined();
    expect(Date.now).toBe(realNow);
    expect(Math.abs(Date.now() - new Date().getTime())).toBeLessThan(1000);
  });

  it('reuses one instance for many programs without growing its heap', async () => {
    const instance = await loadQuickJS(64 * 1024 * 1024);
    const limits = resolveLimits();
    const before = instance.memory.buffer.byteLength;
    for (let i = 0; i < 300; i++) {
      const { result } = runProgram(instance, {
        program: `function solution() { const rows = []; for (let k = 0; k < 200; k++) rows.push({ k, v: k * ${i} }); return rows.length; }`,
        tables: [],
        limits,
      });
      expect(result).toMatchObject({ ok: true, value: 200 });
    }
    expect(instance.memory.buffer.byteLength).toBe(before);
  });
});
