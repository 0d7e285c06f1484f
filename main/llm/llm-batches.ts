import type { OpenAI } from 'openai';
import { WorkbenchError } from '../../shared/api/result';
import type { ChatMessage, GenerationParams } from '../../shared/llm/provider';
import {
  cancelBatch,
  createBatch,
  customIdsOf,
  fileText,
  listBatches,
  readResultLines,
  retrieveBatch,
  uploadBatchInput,
  type BatchInfo,
  type BatchLineResult,
} from './batch-calls';
import type { ChatResult } from './chat-result';
import type { LlmCalls } from './llm-calls';
import { classify, type CallSite } from './llm-errors';
import type { LlmProviders, ProviderRef } from './llm-providers';
import { clientFor, completionOutcome, requestBody } from './openai-calls';
import { openaiSdk } from './openai-sdk';
import { compact } from '../../shared/util/compact';

/**
 * The Batch API (issue 12, docs/runs.md "Batch API"): a run's requests as one JSONL file,
 * uploaded and submitted as a batch, polled, cancelled, and its result lines read back as the
 * answers `chat` would have given (same request bodies, costs, error codes and sentences).
 * Every call goes through the one retry owner (LlmCalls).
 */
export class LlmBatches {
  constructor(
    private readonly providers: Pick<LlmProviders, 'resolve'>,
    private readonly calls: LlmCalls,
  ) {}

  /**
   * A batch's input JSONL: one line per request, `custom_id` the caller's id and `body` the chat
   * request exactly as `chat` sends it (the provider's parameters under the request's).
   */
  async input(
    provider: ProviderRef,
    model: string,
    requests: { customId: string; messages: ChatMessage[]; params?: GenerationParams }[],
  ): Promise<string> {
    const ep = await this.providers.resolve(provider);
    return requests
      .map((r) => {
        const params: GenerationParams = { ...ep.params, ...compact(r.params ?? {}) };
        const body = requestBody(model, r.messages, params, ep.baseUrl);
        return `${JSON.stringify({ custom_id: r.customId, method: 'POST', url: '/v1/chat/completions', body })}\n`;
      })
      .join('');
  }

  /** Uploads the JSONL (purpose "batch") and creates a chat-completions batch over it. */
  async submit(req: {
    provider: ProviderRef;
    jsonl: string;
    filename: string;
    metadata: Record<string, string>;
    signal?: AbortSignal;
  }): Promise<BatchInfo> {
    const ep = await this.providers.resolve(req.provider);
    const client = clientFor(ep);
    const files = this.calls.site(ep, 'files');
    const { value: fileId } = await this.calls.withRetries(ep, files, req.signal, undefined, (s) =>
      uploadBatchInput(client, req.jsonl, req.filename, s),
    );
    const site = this.calls.site(ep, 'batches');
    const { value } = await this.calls.withRetries(ep, site, req.signal, undefined, (s) =>
      createBatch(client, site, fileId, req.metadata, s),
    );
    return value;
  }

  async retrieve(provider: ProviderRef, id: string, signal?: AbortSignal): Promise<BatchInfo> {
    return this.batchCall(provider, signal, (client, site, s) =>
      retrieveBatch(client, site, id, s),
    );
  }

  /** The newest batches at the endpoint (first page), with their metadata. */
  async list(provider: ProviderRef, signal?: AbortSignal): Promise<BatchInfo[]> {
    return this.batchCall(provider, signal, (client, site, s) => listBatches(client, site, s));
  }

  /** The custom_ids a batch's input file carries. */
  async inputIds(provider: ProviderRef, fileId: string, signal?: AbortSignal): Promise<string[]> {
    const ep = await this.providers.resolve(provider);
    const client = clientFor(ep);
    const { value } = await this.calls.withRetries(
      ep,
      this.calls.site(ep, 'files'),
      signal,
      undefined,
      (s) => fileText(client, fileId, s),
    );
    return customIdsOf(value);
  }

  async cancel(provider: ProviderRef, id: string, signal?: AbortSignal): Promise<BatchInfo> {
    return this.batchCall(provider, signal, (client, site, s) => cancelBatch(client, site, id, s));
  }

  /** The ended batch's output and error files, read into one line per custom_id. */
  async results(
    provider: ProviderRef,
    batch: BatchInfo,
    signal?: AbortSignal,
  ): Promise<{ byId: Map<string, BatchLineResult>; unreadable: number }> {
    const ep = await this.providers.resolve(provider);
    const client = clientFor(ep);
    const site = this.calls.site(ep, 'files');
    const texts: string[] = [];
    for (const id of [batch.outputFileId, batch.errorFileId]) {
      if (id === null) continue;
      const { value } = await this.calls.withRetries(ep, site, signal, undefined, (s) =>
        fileText(client, id, s),
      );
      texts.push(value);
    }
    return readResultLines(texts, this.calls.site(ep, 'batches'));
  }

  /**
   * One batch line as `chat` would have answered the same request: the completion with usage and
   * cost, or the error `chat` would have thrown for that status (same codes and sentences).
   */
  async answer(
    provider: ProviderRef,
    model: string,
    messages: ChatMessage[],
    line: BatchLineResult,
  ): Promise<ChatResult> {
    const ep = await this.providers.resolve(provider);
    const site = this.calls.site(ep, 'chat', model);
    if (line.kind === 'error') throw batchLineError(ep.baseUrl, line);
    if (line.status < 200 || line.status > 299)
      throw classify(
        openaiSdk().APIError.generate(line.status, line.body as object, undefined, new Headers()),
        site,
      ).error;
    const value = completionOutcome(line.body as OpenAI.ChatCompletion, site, model, messages);
    // The server's time is not ours to know per line: the batch as a whole took it.
    return this.calls.resultOf(value, model, { latencyMs: 0, waitedMs: 0, retries: 0 });
  }

  private async batchCall<T>(
    provider: ProviderRef,
    signal: AbortSignal | undefined,
    call: (client: ReturnType<typeof clientFor>, site: CallSite, s: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const ep = await this.providers.resolve(provider);
    const client = clientFor(ep);
    const site = this.calls.site(ep, 'batches');
    const { value } = await this.calls.withRetries(ep, site, signal, undefined, (s) =>
      call(client, site, s),
    );
    return value;
  }
}

/** A batch line that never ran, as the error a resume can act on. */
function batchLineError(baseUrl: string, line: { code: string; message: string }): WorkbenchError {
  const said = `${line.code}: ${line.message}`;
  if (line.code === 'batch_expired' || line.code === 'request_timeout')
    return new WorkbenchError(
      'llm-timeout',
      `${baseUrl} did not run this request before the batch's window closed (${said}); resume asks it again in a new batch`,
    );
  if (line.code === 'batch_cancelled')
    return new WorkbenchError(
      'cancelled',
      `the batch was cancelled before this request ran (${said})`,
    );
  return new WorkbenchError('llm-server-error', `${baseUrl} failed this batch request (${said})`);
}
