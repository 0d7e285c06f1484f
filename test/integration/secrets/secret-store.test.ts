import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempServices } from '../../support/services';

describe('secrets (web mode: 0600 file next to the database)', () => {
  let ctx: Awaited<ReturnType<typeof tempServices>> | undefined;
  afterEach(() => ctx?.cleanup());

  it('stores, lists names only, and removes keys; never inside SQLite', async () => {
    ctx = await tempServices();
    const { registry } = ctx.services;
    expect(await registry.call('secrets.set', { name: 'openai', value: 'sk-test-123' })).toEqual({
      ok: true,
      value: { stored: true },
    });
    expect(await registry.call('secrets.list', {})).toEqual({
      ok: true,
      value: { names: ['openai'], backend: 'file' },
    });
    const file = join(ctx.dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(ctx.dir, 'workbench.sqlite')).includes('sk-test-123')).toBe(false);
    expect(await registry.call('secrets.remove', { name: 'openai' })).toEqual({
      ok: true,
      value: { removed: true },
    });
    expect(await registry.call('secrets.remove', { name: 'openai' })).toEqual({
      ok: true,
      value: { removed: false },
    });
    expect(await registry.call('secrets.set', { name: '../etc/passwd', value: 'x' })).toMatchObject(
      { ok: false, error: { code: 'invalid-input' } },
    );
  });
});
