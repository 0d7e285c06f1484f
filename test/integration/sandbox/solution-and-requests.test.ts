import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../../main/sandbox';
import { SEGMENTS } from './support';

/**
 * The two per-program shortcuts of issue 26 (done-when 4) keep their answers: solution() is
 * found and called in one evaluation (an undefined answer is told apart from a missing
 * solution), and the helper wrappers check their request in the context (a string of at most
 * 64 Ki characters, else nothing), so the host reads it in one step, exactly even when it
 * holds a lone surrogate.
 */
describe('Sandbox: finding solution() and reading helper requests', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = new Sandbox();
    await sandbox.warmUp();
  });
  afterAll(() => sandbox.close());

  it('a solution() that answers undefined is an error, not the program’s completion value', async () => {
    const r = await sandbox.run('function solution() { return undefined; }\n42');
    expect(r).toMatchObject({ ok: false, error: { kind: 'non-numeric' } });
    if (!r.ok) expect(r.error.message).toMatch(/returned undefined/);
  });

  it('a program that only mentions solution answers with its completion value', async () => {
    const r = await sandbox.run('// no solution function here\nconst solution = 5;\n6 * 7');
    expect(r).toMatchObject({ ok: true, value: 42 });
  });

  it('finds solution among global let/const bindings and async functions', async () => {
    expect(await sandbox.run('const solution = () => 7;')).toMatchObject({ ok: true, value: 7 });
    expect(
      await sandbox.run('let solution = async () => { await null; return 8; };'),
    ).toMatchObject({ ok: true, value: 8 });
  });

  it('a solution getter runs under the program’s rules and its throw is the program’s error', async () => {
    const r = await sandbox.run(
      "Object.defineProperty(globalThis, 'solution', { get() { throw new RangeError('no'); } });",
    );
    expect(r).toMatchObject({ ok: false, error: { kind: 'runtime' } });
    if (!r.ok) expect(r.error.message).toMatch(/no/);
  });

  it('a request over 64 Ki characters, or one stringify cannot make, is refused before the host reads it', async () => {
    const long = await sandbox.run(
      "function solution() { return cell('segments', ['x'.repeat(70000)], ['2018']); }",
      { tables: [SEGMENTS] },
    );
    expect(long).toMatchObject({ ok: false });
    if (!long.ok) expect(long.error.message).toMatch(/arguments too long/);
    expect(long.trace).toEqual([]);
    const sabotaged = await sandbox.run(
      "Array.prototype.toJSON = () => undefined; function solution() { return cell('segments', ['Total sales'], ['2018']); }",
      { tables: [SEGMENTS] },
    );
    expect(sabotaged).toMatchObject({ ok: false });
    if (!sabotaged.ok) expect(sabotaged.error.message).toMatch(/arguments too long/);
  });

  it('a request with a lone surrogate reaches the host whole and is traced as sent', async () => {
    const r = await sandbox.run(
      "function solution() { try { return cell('segments', ['Total \\ud800 sales'], ['2018']); } catch (e) { return e.name; } }",
      { tables: [SEGMENTS] },
    );
    expect(r).toMatchObject({ ok: true, value: 'LookupError' });
    expect(r.trace).toEqual([
      { fn: 'cell', args: ['segments', ['Total \ud800 sales'], ['2018']], value: null },
    ]);
  });
});
