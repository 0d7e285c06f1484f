import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../main/sandbox';
import type { SandboxResult } from '../../../shared/sandbox/types';
import { check, expectHealthy, hostileSandbox, type HostileCase } from './support';

/**
 * Hostile answers: huge outputs, thrown non-Errors, objects with valueOf/toString/getter traps,
 * promises that never settle. The host reads a result without running any of the program's
 * code, so none of these can stall it: each ends well before the program's deadline.
 */

/**
 * Far below the 5 s deadline these cases run with: a trap the host ran would use all of it.
 * (Usually < 100 ms; the margin is for a loaded machine.)
 */
const FAST_MS = 1500;

const answer =
  (expected: unknown) =>
  (r: SandboxResult): void => {
    expect(r, JSON.stringify(r).slice(0, 300)).toMatchObject({ ok: true, value: expected });
  };

const failure =
  (kind: string, message?: string | RegExp) =>
  (r: SandboxResult): void => {
    expect(r.ok, JSON.stringify(r).slice(0, 300)).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe(kind);
    if (typeof message === 'string') expect(r.error.message).toBe(message);
    else if (message) expect(r.error.message).toMatch(message);
    // Every reason is one bounded line.
    expect(r.error.message).not.toContain('\n');
    expect(r.error.message.length).toBeLessThanOrEqual(400);
  };

const cases: HostileCase[] = [
  // Outputs
  {
    name: 'a 1,000,000-character string',
    program: "'x'.repeat(1e6)",
    expect: failure('output-too-large', 'returned a string of 1000000 characters (limit 10000)'),
  },
  {
    name: 'a string exactly at the limit',
    program: "'y'.repeat(10000).length",
    expect: answer(10000),
  },
  {
    name: 'megabytes of console output',
    program: "for (let i = 0; i < 300; i++) console.log('z'.repeat(10000)); 7",
    expect: (r) => {
      answer(7)(r);
      expect(r.logs.length).toBeLessThanOrEqual(16_384 + 32);
      expect(r.logs.endsWith('[log truncated]\n')).toBe(true);
    },
  },
  {
    name: 'one enormous console line',
    program: "console.log('q'.repeat(5e6)); 8",
    expect: (r) => {
      answer(8)(r);
      expect(r.logs).toBe('\n[log truncated]\n');
    },
  },
  // Thrown values
  { name: 'throw 1', program: 'throw 1', expect: failure('runtime', 'threw 1') },
  { name: 'throw null', program: 'throw null', expect: failure('runtime', 'threw null') },
  {
    name: 'throw undefined',
    program: 'throw undefined',
    expect: failure('runtime', 'threw undefined'),
  },
  {
    name: 'throw a string',
    program: "throw 'nope\\nsecond line'",
    expect: failure('runtime', 'threw the string "nope"'),
  },
  {
    name: 'throw a Symbol',
    program: "throw Symbol('s')",
    expect: failure('runtime', 'threw Symbol(s)'),
  },
  {
    name: 'throw an object whose toString loops',
    program: 'throw { toString() { while (1); } }',
    expect: failure('runtime', 'threw a non-Error object'),
  },
  {
    name: 'throw an object whose valueOf and Symbol.toPrimitive loop',
    program: 'throw { valueOf() { for (;;); }, [Symbol.toPrimitive]() { for (;;); } }',
    expect: failure('runtime', 'threw a non-Error object'),
  },
  {
    name: 'throw an Error whose message getter loops',
    program: 'class E extends Error { get message() { for (;;); } } throw new E()',
    expect: failure('runtime', 'Error'),
  },
  {
    name: 'throw an object with a looping name getter and a plain message',
    program: "throw { get name() { for (;;); }, message: 'm' }",
    expect: failure('runtime', ': m'),
  },
  {
    name: 'throw a Proxy whose traps loop',
    program:
      'throw new Proxy({}, { getOwnPropertyDescriptor() { for (;;); }, getPrototypeOf() { for (;;); } })',
    expect: failure('runtime', 'threw a value that could not be inspected'),
  },
  {
    name: 'throw an Error with a 1 MB message',
    program: "throw new Error('m'.repeat(1e6))",
    expect: failure('runtime', /^Error: m{200,}…$/),
  },
  {
    name: 'throw a forged QuickJS limit error (only misleads its own verdict)',
    program: "throw new InternalError('out of memory')",
    expect: failure('memory'),
  },
  // Results with traps
  {
    name: 'valueOf trap',
    program: '({ valueOf() { for (;;); } })',
    expect: failure('non-numeric', 'returned an object'),
  },
  {
    name: 'toString trap',
    program: '({ toString() { for (;;); } })',
    expect: failure('non-numeric', 'returned an object'),
  },
  {
    name: 'Symbol.toPrimitive trap',
    program: '({ [Symbol.toPrimitive]() { for (;;); } })',
    expect: failure('non-numeric', 'returned an object'),
  },
  {
    name: 'getters that loop',
    program:
      'function solution() { return { get value() { for (;;); }, get length() { for (;;); } }; }',
    expect: failure('non-numeric', 'returned an object'),
  },
  {
    name: 'a thenable whose then loops',
    program: '({ then(resolve) { for (;;); } })',
    expect: failure('non-numeric', 'returned an object'),
  },
  {
    name: 'a Number wrapper',
    program: 'new Number(5)',
    expect: failure('non-numeric', 'returned an object'),
  },
  { name: 'NaN', program: '0 / 0', expect: failure('non-numeric', 'returned NaN') },
  { name: 'Infinity', program: '1 / 0', expect: failure('non-numeric', 'returned Infinity') },
  { name: '-Infinity', program: '-1 / 0', expect: failure('non-numeric', 'returned -Infinity') },
  {
    name: 'undefined (no solution, no completion value)',
    program: 'let x = 1;',
    expect: failure('non-numeric'),
  },
  { name: 'null', program: 'null', expect: failure('non-numeric', 'returned null') },
  { name: 'an array', program: '[42]', expect: failure('non-numeric', 'returned an object') },
  {
    name: 'a function',
    program: '(() => 42)',
    expect: failure('non-numeric', 'returned a function'),
  },
  { name: 'a Symbol', program: "Symbol('x')", expect: failure('non-numeric', 'returned a symbol') },
  { name: 'a BigInt', program: '10n ** 20n', expect: failure('non-numeric', 'returned a bigint') },
  // Promises
  {
    name: 'a promise resolving to a trap object',
    program: 'async function solution() { await null; return { valueOf() { for (;;); } }; }',
    expect: failure('non-numeric', 'returned an object'),
  },
  {
    name: 'a promise rejecting with a trap object',
    program: 'Promise.reject({ toString() { for (;;); } })',
    expect: failure('runtime', 'threw a non-Error object'),
  },
  {
    name: 'a promise that never settles',
    program: 'function solution() { return new Promise(() => {}); }',
    expect: failure('non-numeric', 'returned a promise that never settles'),
  },
  {
    name: 'a getter named solution that throws',
    program:
      "Object.defineProperty(globalThis, 'solution', { get() { throw new Error('no') } }); 1",
    expect: failure('runtime', 'Error: no'),
  },
];

describe('hostile answers', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    // A long deadline: any case that ran program code on the host's behalf would show as slow.
    sandbox = hostileSandbox({ limits: { timeoutMs: 5000 } });
    await sandbox.warmUp();
  });
  afterAll(async () => {
    expect(sandbox.stats.moduleRestarts).toBe(0);
    expect(sandbox.stats.workersTerminated).toBe(0);
    await sandbox.close();
  });

  it.each(cases)('$name', async (c) => {
    const started = performance.now();
    const result = await sandbox.run(c.program, c.options);
    check(result, c.expect);
    expect(performance.now() - started).toBeLessThan(FAST_MS);
    await expectHealthy(sandbox);
  });
});

describe('ordinary answers', () => {
  let sandbox: Sandbox;
  beforeAll(() => {
    sandbox = hostileSandbox();
  });
  afterAll(() => sandbox.close());

  it.each<[string, string, unknown]>([
    ['a number from solution()', 'function solution() { return 0.1 + 0.2; }', 0.1 + 0.2],
    ['a completion value', 'const rate = 0.05; 1000 * rate', 50],
    ['an arrow solution', 'const solution = () => 12.5;', 12.5],
    ['an async solution', 'async function solution() { await null; return 3; }', 3],
    ['a boolean span answer', '2019 > 2018', true],
    ['a string span answer', "'Aerospace Systems'", 'Aerospace Systems'],
    ['minus zero, as JSON has it', '-0', 0],
  ])('%s', async (_name, program, expected) => {
    expect(await sandbox.run(program)).toMatchObject({ ok: true, value: expected });
  });

  it('calls solution() even when the program also prints it', async () => {
    const r = await sandbox.run('function solution() { return 5; }\nconsole.log(solution());');
    expect(r).toMatchObject({ ok: true, value: 5, logs: '5\n' });
  });

  it('classifies a program that does not parse as a syntax error, and a JSON.parse error as runtime', async () => {
    expect(await sandbox.run('function solution() { return 1 +; }')).toMatchObject({
      ok: false,
      error: { kind: 'syntax' },
    });
    expect(await sandbox.run("JSON.parse('{')")).toMatchObject({
      ok: false,
      error: { kind: 'runtime' },
    });
    expect(await sandbox.run('def solution():\n    return 1')).toMatchObject({
      ok: false,
      error: { kind: 'syntax' },
    });
  });
});
