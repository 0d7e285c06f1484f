import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRepeatedFiling } from '../../support/big-filing';
import { runSourceCli, runSourceCliAsync, sampleFiling } from '../../support/cli';
import { hasData, noDataMessage } from '../../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempDir } from '../../support/temp-dir';
import { tatqaDev } from '../runs/engine-support';

// Issue 25: progress on a stderr that is not a terminal (a pipe, a log file, CI) comes as
// occasional lines, not one per percent (an import printed ~600 "N%" lines). The real CLI runs
// long commands with stderr piped (spawnSync/spawn pipes it), and the lines are counted.

/** A carriage return or an escape sequence: a line rewritten in place, as on a terminal. */
const inPlace = (stderr: string) => stderr.includes('\r') || stderr.includes('\u001b[');

/** Lines of a command's stderr that match `re`. */
const linesOf = (stderr: string, re: RegExp) => stderr.split('\n').filter((l) => re.test(l));

describe('progress on a piped stderr: occasional lines', () => {
  const t = tempDir('workbench-progress-pipe-');
  afterAll(() => t.cleanup());

  it('import of a 150 MB filing: a line at the start and the end, at most one per 2 s and tenth between', async () => {
    const big = join(t.dir, 'big-10-k.htm');
    await writeRepeatedFiling(sampleFiling, big, 150);
    const started = Date.now();
    const r = runSourceCli(['import', big, '--workspace', join(t.dir, 'ws')]);
    const elapsed = Date.now() - started;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^stored big-10-k\.htm as #1 \(sec-html/);
    // No terminal control characters off a terminal: no in-place rewrites.
    expect(inPlace(r.stderr)).toBe(false);
    const progress = linesOf(r.stderr, /^ {2}big-10-k\.htm: \d+%/);
    const why = `stderr after ${elapsed} ms:\n${r.stderr}`;
    expect(progress[0], why).toBe('  big-10-k.htm: 0%');
    expect(progress.at(-1), why).toBe('  big-10-k.htm: 100%');
    // The copy reports every chunk (hundreds of reports for 150 MB): one line per percent
    // would be ~100 lines. Between start and end, at most one per 2 s, each a new tenth.
    expect(progress.length, why).toBeLessThanOrEqual(2 + Math.floor(elapsed / 2000));
    expect(progress.length, why).toBeLessThanOrEqual(12);
    const tenths = progress.map((l) => Math.floor(Number(/(\d+)%/.exec(l)![1]) / 10));
    for (let i = 1; i < tenths.length; i++) expect(tenths[i], why).toBeGreaterThan(tenths[i - 1]!);
  }, 120_000);

  describe.skipIf(!hasData)('eval of 40+ questions against a slow endpoint', () => {
    let server: OpenAiTestServer;
    let ws: string[];
    let questions = 0;
    beforeAll(async () => {
      server = await startOpenAiTestServer({ defaultReply: 'Answer: 2019' });
      // Each answer takes 150 ms: one at a time, the run lasts several seconds.
      server.fault({ kind: 'slow', delayMs: 150, times: 100_000, path: 'chat' });
      const records = tatqaDev().slice(0, 8);
      questions = records.reduce((n, r) => n + r.questions.length, 0);
      const file = join(t.dir, 'tatqa_progress.json');
      writeFileSync(file, JSON.stringify(records));
      ws = ['--workspace', join(t.dir, 'ws-eval')];
      const imported = runSourceCli(['import-dataset', '--format', 'tatqa', file, ...ws]);
      expect(imported.code, imported.stderr).toBe(0);
    }, 60_000);
    afterAll(async () => server?.close());

    it('a line at most every 5 s (and at the end), not one per item', async () => {
      expect(questions).toBeGreaterThanOrEqual(40);
      const started = Date.now();
      const r = await runSourceCliAsync([
        'eval',
        '--dataset-id',
        '1',
        '--base-url',
        server.baseUrl,
        '--model',
        'test-chat',
        '--concurrency',
        '1',
        '--no-cache',
        ...ws,
      ]);
      const elapsed = Date.now() - started;
      expect(r.code, r.stderr).toBe(0);
      expect(inPlace(r.stderr)).toBe(false);
      const progress = linesOf(r.stderr, /^run #1 \[[#.]+\] \d+\/\d+/);
      expect(progress.at(-1)).toMatch(new RegExp(`^run #1 \\[#+\\] ${questions}/${questions}`));
      // It ran long enough that a line per item would be 40+ lines.
      expect(elapsed).toBeGreaterThan(5000);
      // A line when it starts, one per 5 s, and the status changes at the end (done).
      expect(progress.length).toBeLessThanOrEqual(3 + Math.floor(elapsed / 5000));
      expect(progress.length).toBeLessThan(questions / 4);
    }, 180_000);
  });
});

if (!hasData) console.warn(`[skip] eval progress on a pipe: ${noDataMessage}`);
