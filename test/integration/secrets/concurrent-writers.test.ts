import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileSecretStore } from '../../../main/secrets/secret-store';
import { tempServices } from '../../support/services';

/** A writer process, started and waiting: `go()` lets it write and resolves to its output. */
async function writer(dir: string, prefix: string, count: number) {
  const child = spawn(process.execPath, [
    '--import',
    'tsx',
    join(__dirname, 'secret-writer.ts'),
    dir,
    prefix,
    String(count),
  ]);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  while (!out.includes('ready\n')) await once(child.stdout, 'data');
  return {
    go: async () => {
      const exited = once(child, 'exit');
      child.stdin.end('go\n');
      await exited;
      return out;
    },
  };
}

describe('secrets under concurrent writers', () => {
  let ctx: Awaited<ReturnType<typeof tempServices>> | undefined;
  afterEach(() => ctx?.cleanup());

  it('keeps every acknowledged write of 25 parallel secrets.set calls', async () => {
    ctx = await tempServices({ host: 'web' });
    const { registry } = ctx.services;
    const names = Array.from({ length: 25 }, (_, i) => `key${i}`);
    const results = await Promise.all(
      names.map((name) => registry.call('secrets.set', { name, value: `sk-${name}` })),
    );
    for (const r of results) expect(r).toEqual({ ok: true, value: { stored: true } });
    expect(await registry.call('secrets.list', {})).toEqual({
      ok: true,
      value: { names: [...names].sort(), backend: 'file' },
    });
    const store = fileSecretStore(ctx.dir);
    for (const name of names) expect(await store.get(name)).toBe(`sk-${name}`);
    expect(readdirSync(ctx.dir).filter((f) => /\.(tmp|lock)$/.test(f))).toEqual([]);
  });

  it('keeps every write of two other processes and this one writing at once', async () => {
    ctx = await tempServices();
    const dir = ctx.dir;
    const [a, b] = await Promise.all([writer(dir, 'a', 15), writer(dir, 'b', 15)]);
    const here = fileSecretStore(dir);
    const [outA, outB] = await Promise.all([
      a.go(),
      b.go(),
      Promise.all(Array.from({ length: 15 }, (_, i) => here.set(`c${i}`, `value-c${i}`))),
    ]);
    expect(outA).toBe('ready\n15\n');
    expect(outB).toBe('ready\n15\n');
    const names = await here.list();
    expect(names).toHaveLength(45);
    for (const prefix of ['a', 'b', 'c'])
      for (let i = 0; i < 15; i++)
        expect(await here.get(`${prefix}${i}`)).toBe(`value-${prefix}${i}`);
    expect(readdirSync(dir).filter((f) => /\.(tmp|lock)$/.test(f))).toEqual([]);
  });
});
