import type { ApiError } from '../../../shared/api/result';
import type {
  ConnectionTest,
  DetectedServer,
  LlmSettings,
  ModelPrice,
  ProviderConfig,
  ProviderView,
} from '../../../shared/llm/provider';

/** Something asked of main that is running, answered, or failed (one per provider or action). */
export type Pending<T> =
  { status: 'running' } | { status: 'done'; value: T } | { status: 'error'; error: ApiError };

export interface SaveProviderInput {
  /** Absent: a new provider. */
  id?: number;
  config: ProviderConfig;
  /**
   * A new API key, stored with secrets.set under `config.apiKeyName` before the provider is
   * saved. It is passed through, never kept in this store's state.
   */
  apiKey?: string;
}

export interface LlmState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  providers: ProviderView[];
  settings?: LlmSettings | undefined;
  /** Why loading the providers failed (e.g. `unsupported` until main/llm is there). */
  error?: ApiError | undefined;
  /** The last save, remove or settings change that failed; cleared by the next success. */
  actionError?: ApiError | undefined;
  saving: boolean;
  /** "Test connection" per provider id. */
  tests: Record<number, Pending<ConnectionTest>>;
  /** GET /v1/models per provider id (the Ask panel's model picker). */
  models: Record<number, Pending<string[]>>;
  detected?: Pending<DetectedServer[]> | undefined;
  load(force?: boolean): Promise<void>;
  /** Stores the key (when given), then the provider; answers the saved provider or undefined. */
  save(input: SaveProviderInput): Promise<ProviderView | undefined>;
  remove(id: number): Promise<boolean>;
  /** Removes the stored key of a provider (the provider keeps naming it, `hasKey` turns false). */
  forgetKey(id: number): Promise<void>;
  test(id: number): Promise<void>;
  loadModels(id: number, force?: boolean): Promise<void>;
  autodetect(): Promise<void>;
  setOffline(offline: boolean): Promise<void>;
  setPrices(prices: ModelPrice[]): Promise<boolean>;
  /** Electron: the native dialog for a .gguf file; its path, or null when cancelled. */
  pickModelFile(): Promise<string | null>;
  /** Whether pickModelFile has a dialog to open (the desktop app). */
  canPickModelFile: boolean;
  clearActionError(): void;
}

/** What each part of the LLM store reads and writes (zustand's get and set). */
export interface LlmAccess {
  get: () => LlmState;
  set: (patch: Partial<LlmState>) => void;
}
