import { statSync } from 'node:fs';
import type { EmbeddedChatOutput } from '../chat-result';
import { connectionFailure } from '../connection-failure';
import { basename } from 'node:path';
import { WorkbenchError } from '../../../shared/api/result';
import {
  modelFilePath,
  modelFileUrl,
  type ChatMessage,
  type ConnectionTest,
  type EmbeddedModelInfo,
  type GenerationParams,
} from '../../../shared/llm/provider';
import { embeddedModel } from './embedded-models';
import { checkModelFile } from './gguf-header-check';
import { compact } from '../../../shared/util/compact';

/** What of LlmService's ChatRequest an embedded model uses. */
export interface EmbeddedChatInput {
  messages: ChatMessage[];
  signal?: AbortSignal;
  onDelta?: (text: string) => void;
  sampleIndex?: number;
  stop?: string[];
  json?: boolean;
}

/**
 * The `embedded` provider kind for LlmService (issue 16): the same chat request and result as
 * an OpenAI-compatible endpoint, answered by a GGUF file in its own process. No retries (there
 * is no server to come back) and no response cache (the file may change under the same name).
 */
export async function embeddedChat(
  path: string,
  req: EmbeddedChatInput,
  params: GenerationParams,
  timeoutMs: number,
): Promise<EmbeddedChatOutput> {
  const model = embeddedModel(path);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const started = performance.now();
  try {
    const r = await model.chat({
      messages: req.messages,
      ...compact({
        maxTokens: params.maxTokens,
        temperature: params.temperature,
        topP: params.topP,
      }),
      ...(params.seed !== undefined ? { seed: params.seed + (req.sampleIndex ?? 0) } : {}),
      ...(req.stop ? { stop: req.stop } : {}),
      ...(req.json ? { json: true } : {}),
      signal,
      ...(req.onDelta ? { onDelta: req.onDelta } : {}),
    });
    return {
      text: r.text,
      usage: { promptTokens: r.promptTokens, completionTokens: r.completionTokens },
      usageEstimated: false,
      refused: false,
      finishReason: r.finishReason,
      // The file name, as info() has it (asking info() here could load the model again).
      model: basename(model.path),
      cached: false,
      // Loading is the model's time too; waiting behind another question is not.
      latencyMs: r.loadMs + r.timing.totalMs,
      waitedMs: Math.max(0, performance.now() - started - r.loadMs - r.timing.totalMs),
      retries: 0,
      timing: {
        loadMs: r.loadMs,
        firstTokenMs: r.timing.firstTokenMs,
        tokensPerSecond: r.timing.tokensPerSecond,
      },
    };
  } catch (e) {
    if (timeout.aborted && !req.signal?.aborted) {
      throw new WorkbenchError(
        'llm-timeout',
        `${model.path} did not finish answering within ${Math.round(timeoutMs / 1000)} s; raise the provider's timeout on the Models screen or ask for less`,
      );
    }
    throw e;
  }
}

export function embeddedInfo(path: string, signal?: AbortSignal): Promise<EmbeddedModelInfo> {
  return embeddedModel(path).info(signal);
}

/**
 * What a model list shows for an embedded model: its file name, once the file is a regular file
 * whose GGUF header passes the check. Nothing is loaded and no process is started (the Ask
 * panel lists models as it opens; only Test and a question load).
 */
export async function embeddedListing(path: string): Promise<string[]> {
  await checkModelFile(path);
  return [basename(path)];
}

/**
 * "Test connection" for an embedded model: load it and say what it is. With a signal (a web
 * client's request), the load stops and its process is killed when the client goes away,
 * unless someone else waits for the same model.
 */
export async function embeddedTest(path: string, signal?: AbortSignal): Promise<ConnectionTest> {
  const started = performance.now();
  try {
    const info = await embeddedInfo(path, signal);
    return {
      ok: true,
      message: describeModel(info),
      code: null,
      models: [info.fileName],
      latencyMs: Math.round(performance.now() - started),
      embedded: info,
    };
  } catch (e) {
    return connectionFailure(e, started);
  }
}

/** One line: "tiny.gguf: llama, 121 K parameters, F32, context 4096 of 4096 (ChatML), on cpu". */
export function describeModel(i: EmbeddedModelInfo): string {
  return `${i.fileName}: ${i.architecture}, ${formatCount(i.parameters)} parameters, ${i.quantisation}, context ${i.contextSize} of ${i.trainContextLength}${i.chatFormat ? ` (${i.chatFormat})` : ''}, about ${formatBytes(i.estimatedRamBytes)} of memory, on ${i.device}`;
}

/**
 * A provider's `file:` URL, checked when it is saved: the file must exist (loading, and so any
 * complaint about its content, waits for Test or the first question). A bare path is accepted too.
 */
export function checkedModelFile(raw: string): string {
  const path = modelFilePath(raw) ?? raw;
  let isFile = false;
  try {
    isFile = statSync(path).isFile();
  } catch {
    throw new WorkbenchError(
      'invalid-input',
      `no model file at ${path}; give the path of a .gguf file`,
    );
  }
  if (!isFile)
    throw new WorkbenchError(
      'invalid-input',
      `${path} is not a file; give the path of a .gguf file`,
    );
  return modelFileUrl(path);
}

function formatCount(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} B`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e3) return `${Math.round(n / 1e3)} K`;
  return String(n);
}

function formatBytes(n: number): string {
  if (n >= 2 ** 30) return `${(n / 2 ** 30).toFixed(1)} GiB`;
  return `${Math.max(1, Math.round(n / 2 ** 20))} MiB`;
}
