import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../main/sandbox';
import { check, expectHealthy, hostileSandbox } from './support';

/**
 * Verdicts a program cannot talk its way out of: a deadline passed inside host code it called
 * (console's formatter running its toJSON, getter or Proxy trap) is still a timeout, a string
 * comes back whole (NULs and lone surrogates included), and a memory bomb is a memory failure
 * even when an earlier program left the QuickJS instance's memory grown.
 */
describe('sandbox verdicts', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = hostileSandbox();
    await sandbox.warmUp();
  });
  afterAll(async () => {
    expect(sandbox.stats.moduleRestarts).toBe(0);
    expect(sandbox.stats.workerCrashes).toBe(0);
    await sandbox.close();
  });

  it.each([
    ['toJSON', 'console.log({ toJSON() { for (;;); } }); 42'],
    [
      'toJSON in solution()',
      'function solution() { console.log({ toJSON() { for (;;); } }); return 42; }',
    ],
    [
      'toJSON in an async solution()',
      'async function solution() { await null; console.log({ toJSON() { for (;;); } }); return 42; }',
    ],
    ['a getter', 'console.log({ get a() { for (;;); } }); 42'],
    ['a Proxy trap', 'console.log(new Proxy({}, { ownKeys() { for (;;); } })); 42'],
    [
      'toString after toJSON',
      'console.log({ toJSON() { for (;;); }, toString() { for (;;); } }); 42',
    ],
  ])(
    'a deadline passed in console formatting (%s) is a timeout, not an answer',
    async (_, program) => {
      const result = await sandbox.run(program);
      check(result, 'timeout');
      await expectHealthy(sandbox);
    },
  );

  it.each([
    ["'a\\u0000b'", 'a\u0000b'],
    ["'\\u0000'", '\u0000'],
    ["'x\\u0000\\ud83d\\ude00\\ud800z\\u0000'", 'x\u0000\ud83d\ude00\ud800z\u0000'],
    ["'lone \\udc00 surrogate'", 'lone \udc00 surrogate'],
    ["JSON.stringify = () => 'forged'; String.prototype.slice = null; 'q\\u0000r'", 'q\u0000r'],
  ])('returns %s whole', async (program, value) => {
    expect(await sandbox.run(program)).toMatchObject({ ok: true, value });
  });

  it('keeps NULs in logs', async () => {
    const result = await sandbox.run("console.log('x\\u0000y', 'z'); 1");
    expect(result).toMatchObject({ ok: true, value: 1, logs: 'x\u0000y z\n' });
  });

  it('classifies memory bombs as memory, also when an earlier program grew the instance memory', async () => {
    // Each turn allocates 80 kB inside one built-in call: QuickJS polls its interrupt handler
    // (the heap watch) only every 10,000 ticks, which such a loop stretches to seconds.
    const bomb = 'const a = []; for (;;) a.push(new Array(10000).fill(1.5));';
    // A deadline far beyond the ~200 turns it takes to pass 16 MB: on a loaded machine the
    // suite's 300 ms could run out first, and a timeout is then the right verdict, not this one.
    const bombLimits = { timeoutMs: 10_000 };
    const terminated = sandbox.stats.workersTerminated;
    check(await sandbox.run(bomb, bombLimits), 'memory');
    const big = await sandbox.run(
      'const a = []; for (let i = 0; i < 4000; i++) a.push(new Array(1000).fill(1.5)); a.length',
      { memoryBytes: 60 * 1024 * 1024, timeoutMs: 10_000 },
    );
    expect(big).toMatchObject({ ok: true, value: 4000 });
    for (let i = 0; i < 3; i++) check(await sandbox.run(bomb, bombLimits), 'memory');
    expect(sandbox.stats.workersTerminated).toBe(terminated);
    await expectHealthy(sandbox);
  });
});
