import type { Database } from 'better-sqlite3';
import { WorkbenchError } from '../../shared/api/result';
import {
  LlmSettings,
  ProviderConfig,
  modelFilePath,
  type LlmSettings as LlmSettingsT,
  type ProviderConfig as ProviderConfigT,
  type ProviderView,
} from '../../shared/llm/provider';
import { llmRepo } from '../db/llm-repo';
import type { SecretStore } from '../secrets/secret-store';
import { checkedModelFile } from './embedded/embedded-provider';
import { isLoopbackUrl, normalizeBaseUrl } from './endpoint';
import type { Endpoint } from './openai-calls';
import { compact } from '../../shared/util/compact';

export type ProviderRef =
  | { providerId: number }
  /** A `file:` URL (modelFileUrl) is a GGUF file run in-process: an embedded model. */
  | { baseUrl: string; apiKeyName?: string | null; timeoutMs?: number; maxRetries?: number };

export const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_RETRIES = 3;

/**
 * The Models screen's data (issue 12): stored providers, which secrets exist for them, the
 * settings (offline switch, price table), and what a call's provider reference means: the
 * endpoint with its key read from the secret store at that moment (a key changed on the Models
 * screen applies at once), or the GGUF file of an embedded model. Keys go nowhere else: not the
 * DB, not the cache key, not an error message.
 */
export class LlmProviders {
  private readonly repo;
  /** Names in the secret store as of the last refreshSecrets(), for ProviderView.hasKey. */
  private secretNames = new Set<string>();
  /**
   * The settings as last read, with the database's data_version then: every call reads the
   * offline switch and the price table, and reading them from SQLite (JSON and zod) was a
   * measurable part of a run's question. Another process's commit changes data_version; this
   * process's own change goes through `setSettings`, which drops the copy.
   */
  private settingsRead: { version: number; settings: LlmSettingsT } | undefined;

  constructor(
    db: Database,
    private readonly secrets: SecretStore,
  ) {
    this.repo = llmRepo(db);
  }

  /** Re-reads which secrets exist, for `hasKey` (the secret store is a file; this is async). */
  async refreshSecrets(): Promise<void> {
    this.secretNames = new Set(await this.secrets.list());
  }

  list(): ProviderView[] {
    return this.repo.providers().map((p) => this.view(p.id, p.config));
  }

  /** A stored provider's configuration, if there is one with that id. */
  stored(id: number): ProviderConfigT | undefined {
    return this.repo.provider(id)?.config;
  }

  save(id: number | undefined, config: ProviderConfigT): ProviderView {
    const parsed = ProviderConfig.safeParse(config);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new WorkbenchError(
        'invalid-input',
        `provider ${first?.path.join('.') ?? ''}: ${first?.message ?? 'invalid'}`,
      );
    }
    const clean = {
      ...parsed.data,
      baseUrl:
        parsed.data.preset === 'embedded'
          ? checkedModelFile(parsed.data.baseUrl)
          : checkedBaseUrl(parsed.data.baseUrl),
    };
    const saved = this.repo.saveProvider(id, clean);
    if (saved === undefined)
      throw new WorkbenchError('not-found', `no model provider with id ${id}`);
    return this.view(saved, clean);
  }

  remove(id: number): boolean {
    return this.repo.removeProvider(id);
  }

  settings(): LlmSettingsT {
    const version = this.repo.dataVersion();
    if (this.settingsRead?.version !== version)
      this.settingsRead = { version, settings: this.repo.settings() };
    return this.settingsRead.settings;
  }

  setSettings(patch: Partial<LlmSettingsT>): LlmSettingsT {
    const merged = LlmSettings.safeParse({ ...this.repo.settings(), ...compact(patch) });
    if (!merged.success) {
      const first = merged.error.issues[0];
      throw new WorkbenchError(
        'invalid-input',
        `settings ${first?.path.join('.') ?? ''}: ${first?.message ?? 'invalid'}`,
      );
    }
    // One price per model: the last one given wins.
    const prices = [...new Map(merged.data.prices.map((p) => [p.model, p])).values()];
    const next = { offline: merged.data.offline, prices };
    this.repo.putSettings(next);
    this.settingsRead = undefined;
    return next;
  }

  /** The GGUF file a reference names: a `file:` URL, or a stored provider of preset `embedded`. */
  modelFile(ref: ProviderRef): string | null {
    if ('baseUrl' in ref) return modelFilePath(ref.baseUrl);
    const stored = this.repo.provider(ref.providerId);
    return stored?.config.preset === 'embedded' ? modelFilePath(stored.config.baseUrl) : null;
  }

  /** The endpoint a reference names, for messages (no key, no network). */
  describe(ref: ProviderRef): string {
    if ('baseUrl' in ref) return normalizeBaseUrl(ref.baseUrl);
    return this.repo.provider(ref.providerId)?.config.baseUrl ?? `provider ${ref.providerId}`;
  }

  /**
   * The endpoint for a call: offline refusal comes first, before any network I/O; the key is
   * read from the secret store now, so a key changed on the Models screen applies at once.
   */
  async resolve(ref: ProviderRef): Promise<Endpoint> {
    const ep = this.endpointOf(ref);
    if (this.settings().offline && !isLoopbackUrl(ep.baseUrl)) {
      throw new WorkbenchError(
        'llm-offline',
        `offline mode is on and ${ep.baseUrl} is not on this machine; use a local server (Ollama, LM Studio, llama.cpp, vLLM) or turn offline mode off on the Models screen`,
      );
    }
    if (ep.apiKeyName) ep.key = await this.keyFor(ep.apiKeyName, ep.baseUrl);
    return ep;
  }

  private endpointOf(ref: ProviderRef): Endpoint {
    if (!('providerId' in ref))
      return {
        baseUrl: checkedBaseUrl(ref.baseUrl),
        apiKeyName: ref.apiKeyName ?? null,
        timeoutMs: ref.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        maxRetries: ref.maxRetries ?? DEFAULT_MAX_RETRIES,
        params: {},
      };
    const stored = this.repo.provider(ref.providerId);
    if (!stored) {
      throw new WorkbenchError(
        'not-found',
        `no model provider with id ${ref.providerId}; add one on the Models screen`,
      );
    }
    const c = stored.config;
    return {
      baseUrl: checkedBaseUrl(c.baseUrl),
      apiKeyName: c.apiKeyName,
      timeoutMs: c.timeoutMs,
      maxRetries: c.maxRetries,
      params: c.params,
    };
  }

  private async keyFor(name: string, baseUrl: string): Promise<string> {
    // A pasted key often brings a line break along: trimmed here, as servers would refuse it.
    const key = (await this.secrets.get(name))?.trim();
    if (key === undefined || key === '') {
      throw new WorkbenchError(
        'llm-unauthorized',
        `no API key is stored under secret '${name}' for ${baseUrl}; set it on the Models screen`,
      );
    }
    // Anything else non-printable would make fetch throw with the header, key included, in
    // its message: refused here with a message that does not repeat it.
    if (/[^\x21-\x7e]/.test(key)) {
      throw new WorkbenchError(
        'llm-unauthorized',
        `the API key in secret '${name}' contains spaces or characters an HTTP header cannot carry; set it again on the Models screen`,
      );
    }
    return key;
  }

  private view(id: number, config: ProviderConfigT): ProviderView {
    return {
      ...config,
      id,
      hasKey: config.apiKeyName !== null && this.secretNames.has(config.apiKeyName),
      loopback: isLoopbackUrl(config.baseUrl),
    };
  }
}

function checkedBaseUrl(raw: string): string {
  const url = normalizeBaseUrl(raw);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WorkbenchError(
      'invalid-input',
      `'${raw}' is not a URL; a base URL looks like http://127.0.0.1:11434/v1`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new WorkbenchError(
      'invalid-input',
      `'${raw}' is not an http(s) URL; a base URL looks like http://127.0.0.1:11434/v1`,
    );
  }
  if (parsed.username || parsed.password) {
    // Credentials in a URL would end up in the DB and in messages: keys belong in secrets.
    throw new WorkbenchError(
      'invalid-input',
      'a base URL must not carry a user name or password; store the key as a secret',
    );
  }
  return url;
}
