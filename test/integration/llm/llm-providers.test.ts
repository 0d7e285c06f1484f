import { afterEach, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/services';
import type { ProviderConfig } from '../../../shared/llm/provider';
import { runSourceCliAsync } from '../../support/cli';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempServices } from '../../support/services';
import { freePort, llmFixture, type LlmFixture } from './llm-fixture';

let fx: LlmFixture | undefined;
let ws: { services: Services; dir: string; cleanup: () => void } | undefined;
const servers: OpenAiTestServer[] = [];
afterEach(async () => {
  await fx?.close();
  fx = undefined;
  ws?.cleanup();
  ws = undefined;
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const config = (baseUrl: string, extra: Partial<ProviderConfig> = {}): ProviderConfig => ({
  name: 'Local test',
  preset: 'custom',
  baseUrl,
  apiKeyName: null,
  defaultModel: null,
  params: {},
  timeoutMs: 5_000,
  maxRetries: 0,
  ...extra,
});

// The test server runs in this process: the CLI must not be a spawnSync that blocks it.
const runSourceCli = runSourceCliAsync;

describe('providers, settings, test connection, autodetect', () => {
  it('saves, replaces, lists and removes providers; hasKey follows the secret store', async () => {
    fx = await llmFixture();
    const a = fx.llm.providers.save(
      undefined,
      config(`${fx.server.baseUrl}/`, { apiKeyName: 'k1' }),
    );
    expect(a).toMatchObject({ baseUrl: fx.server.baseUrl, hasKey: false, loopback: true });
    await fx.secrets.set('k1', 'sk-abc');
    await fx.llm.providers.refreshSecrets();
    expect(fx.llm.providers.list()[0]?.hasKey).toBe(true);
    const b = fx.llm.providers.save(
      undefined,
      config('https://api.openai.com/v1', { preset: 'openai' }),
    );
    expect(b.loopback).toBe(false);
    fx.llm.providers.save(a.id, config(fx.server.baseUrl, { name: 'Renamed' }));
    expect(fx.llm.providers.list().map((p) => p.name)).toEqual(['Renamed', 'Local test']);
    expect(() => fx!.llm.providers.save(999, config(fx!.server.baseUrl))).toThrow(
      /no model provider with id 999/,
    );
    expect(() => fx!.llm.providers.save(undefined, config('ftp://x/v1'))).toThrow(
      /not an http\(s\) URL/,
    );
    expect(() => fx!.llm.providers.save(undefined, config('http://user:pw@127.0.0.1/v1'))).toThrow(
      /must not carry a user name or password/,
    );
    expect(fx.llm.providers.remove(b.id)).toBe(true);
    expect(fx.llm.providers.remove(b.id)).toBe(false);
    expect(fx.llm.providers.list()).toHaveLength(1);
  });

  it('settings: offline and prices persist; one price per model', async () => {
    fx = await llmFixture();
    expect(fx.llm.providers.settings()).toEqual({ offline: false, prices: [] });
    fx.llm.providers.setSettings({ offline: true });
    const s = fx.llm.providers.setSettings({
      prices: [
        { model: 'm', inputPerMTok: 1, outputPerMTok: 2 },
        { model: 'm', inputPerMTok: 3, outputPerMTok: 4 },
      ],
    });
    expect(s).toEqual({
      offline: true,
      prices: [{ model: 'm', inputPerMTok: 3, outputPerMTok: 4 }],
    });
    expect(fx.llm.providers.settings()).toEqual(s);
    expect(() =>
      fx!.llm.providers.setSettings({
        prices: [{ model: 'm', inputPerMTok: -1, outputPerMTok: 0 }],
      }),
    ).toThrow(/settings prices/);
  });

  it('test connection: lists models with latency; failures come back as ok:false, never thrown', async () => {
    fx = await llmFixture({ models: ['a', 'b', 'c'], apiKey: 'sk-good' });
    await fx.secrets.set('good', 'sk-good');
    await fx.secrets.set('bad', 'sk-bad');
    const good = fx.llm.providers.save(
      undefined,
      config(fx.server.baseUrl, { apiKeyName: 'good', defaultModel: 'b' }),
    );
    const r = await fx.llm.connections.test(good.id);
    expect(r).toMatchObject({ ok: true, code: null, models: ['a', 'b', 'c'] });
    expect(r.message).toBe(`3 models at ${fx.server.baseUrl}`);
    expect(r.latencyMs).toBeGreaterThanOrEqual(0);

    const bad = fx.llm.providers.save(undefined, config(fx.server.baseUrl, { apiKeyName: 'bad' }));
    expect(await fx.llm.connections.test(bad.id)).toMatchObject({
      ok: false,
      code: 'llm-unauthorized',
    });

    const wrongModel = fx.llm.providers.save(
      undefined,
      config(fx.server.baseUrl, { apiKeyName: 'good', defaultModel: 'zz' }),
    );
    const w = await fx.llm.connections.test(wrongModel.id);
    expect(w).toMatchObject({ ok: false, code: 'llm-model-not-found' });
    expect(w.message).toContain("do not include 'zz' (a, b, c)");

    const port = await freePort();
    const down = fx.llm.providers.save(
      undefined,
      config(`http://127.0.0.1:${port}/v1`, { maxRetries: 5 }),
    );
    const t = performance.now();
    const d = await fx.llm.connections.test(down.id);
    expect(d).toMatchObject({ ok: false, code: 'llm-unreachable' });
    expect(d.message).toBe(
      `nothing is listening at http://127.0.0.1:${port}/v1; is the server running, and on this port?`,
    );
    expect(performance.now() - t).toBeLessThan(1_000); // test connection never retries

    fx.llm.providers.setSettings({ offline: true });
    const remote = fx.llm.providers.save(
      undefined,
      config('https://api.openai.com/v1', { preset: 'openai' }),
    );
    expect(await fx.llm.connections.test(remote.id)).toMatchObject({
      ok: false,
      code: 'llm-offline',
    });
    expect(await fx.llm.connections.test(12345)).toMatchObject({ ok: false, code: 'not-found' });
  });

  it('autodetect asks every target in parallel with a short timeout and keeps those that answer', async () => {
    const ollama = await startOpenAiTestServer({ models: ['llama3.1:8b'] });
    servers.push(ollama);
    // A port that accepts and never answers: autodetect must not wait for it.
    const silent = await startOpenAiTestServer();
    servers.push(silent);
    silent.fault({ kind: 'slow', delayMs: 10_000 });
    const port = await freePort();
    fx = await llmFixture(
      {},
      {
        detectTargets: [
          { preset: 'ollama', baseUrl: ollama.baseUrl },
          { preset: 'lmstudio', baseUrl: `http://127.0.0.1:${port}/v1` },
          { preset: 'vllm', baseUrl: silent.baseUrl },
        ],
      },
    );
    const t = performance.now();
    const found = await fx.llm.connections.autodetect();
    expect(performance.now() - t).toBeLessThan(1_500);
    expect(found).toEqual([{ preset: 'ollama', baseUrl: ollama.baseUrl, models: ['llama3.1:8b'] }]);
  });

  it('the llm.* API methods answer through the registry; keys never in the answers', async () => {
    ws = await tempServices();
    const server = await startOpenAiTestServer({ models: ['m1'] });
    servers.push(server);
    const { registry } = ws.services;
    expect(
      await registry.call('secrets.set', { name: 'local-key', value: 'sk-SECRET-1234' }),
    ).toMatchObject({ ok: true });
    const saved = await registry.call('llm.saveProvider', {
      config: config(server.baseUrl, { apiKeyName: 'local-key', defaultModel: 'm1' }),
    });
    expect(saved).toMatchObject({
      ok: true,
      value: { provider: { id: 1, hasKey: true, loopback: true } },
    });
    const listed = await registry.call('llm.providers', {});
    expect(JSON.stringify(listed)).not.toContain('SECRET');
    expect(await registry.call('llm.models', { providerId: 1 })).toEqual({
      ok: true,
      value: { models: ['m1'] },
    });
    expect(await registry.call('llm.test', { providerId: 1 })).toMatchObject({
      ok: true,
      value: { ok: true },
    });
    expect(await registry.call('llm.setSettings', { offline: true })).toMatchObject({
      ok: true,
      value: { offline: true, prices: [] },
    });
    expect(await registry.call('llm.models', { providerId: 2 })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    expect(await registry.call('llm.autodetect', {})).toMatchObject({ ok: true });
    expect(await registry.call('llm.removeProvider', { id: 1 })).toEqual({
      ok: true,
      value: { removed: true },
    });
  });

  it('workbench models lists providers, --test reports failures as one line with exit 1', async () => {
    ws = await tempServices();
    const server = await startOpenAiTestServer({ models: ['m1', 'm2'] });
    servers.push(server);
    const port = await freePort();
    await ws.services.registry.call('llm.saveProvider', {
      config: config(server.baseUrl, { name: 'Good' }),
    });
    await ws.services.registry.call('llm.saveProvider', {
      config: config(`http://127.0.0.1:${port}/v1`, { name: 'Down', apiKeyName: 'nokey' }),
    });
    const dir = ws.dir;

    const list = await runSourceCli(['models', '--workspace', dir]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`#1  Good  Other (any base URL)  ${server.baseUrl}  no key`);
    expect(list.stdout).toContain('#2  Down  Other (any base URL)  http://127.0.0.1:');
    expect(list.stdout).toContain("key 'nokey' (NOT STORED)");

    const ok = await runSourceCli(['models', '--test', '1', '--workspace', dir, '--json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, models: ['m1', 'm2'] });

    const down = await runSourceCli(['models', '--test', '2', '--workspace', dir]);
    expect(down.code).toBe(1);
    expect(down.stderr.trim().split('\n')).toEqual([
      `workbench: no API key is stored under secret 'nokey' for http://127.0.0.1:${port}/v1; set it on the Models screen [llm-unauthorized]`,
    ]);

    const urls = await runSourceCli([
      'models',
      '--base-url',
      server.baseUrl,
      '--workspace',
      dir,
      '--json',
    ]);
    expect(JSON.parse(urls.stdout)).toEqual({ baseUrl: server.baseUrl, models: ['m1', 'm2'] });

    const unreachable = await runSourceCli([
      'models',
      '--base-url',
      `http://127.0.0.1:${port}/v1`,
      '--workspace',
      dir,
    ]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toBe(
      `workbench: nothing is listening at http://127.0.0.1:${port}/v1; is the server running, and on this port?\n`,
    );
  });
});
