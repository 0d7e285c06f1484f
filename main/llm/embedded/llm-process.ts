// The model process (issue 16): one GGUF model run by llama.cpp through node-llama-cpp, in a
// child process of its own so that a crash, an abort in native code or an out-of-memory kill
// ends this process and not the app. Spoken to over IPC (protocol.ts); started by
// embedded-model.ts. Never downloads or compiles anything: `build: 'never'` uses the prebuilt
// binary that npm installed, or fails.
import { basename } from 'node:path';
import { Worker } from 'node:worker_threads';
import { WorkbenchError } from '../../../shared/api/result';
import type { ChatMessage, EmbeddedModelInfo } from '../../../shared/llm/provider';
import { checkModelFile } from './gguf-header-check';
import { modelFileError } from './model-file-errors';
import type { FromModel, ToModel } from './protocol';
// The library is ESM and this file CommonJS: types come through an import-mode type import, the
// code through import() below.
import type * as NodeLlamaCpp from 'node-llama-cpp' with { 'resolution-mode': 'import' };
import type {
  ChatHistoryItem,
  Llama,
  LlamaChat,
  LlamaContextSequence,
  LlamaModel,
} from 'node-llama-cpp' with {
  'resolution-mode': 'import',
};
import { compact } from '../../../shared/util/compact';

type Nlc = typeof NodeLlamaCpp;

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  sequence: LlamaContextSequence;
  /**
   * Made once: a new LlamaChat costs 0.4–0.9 s (its chat format is worked out from the
   * template), and one kept reuses the evaluated prefix of the previous request.
   */
  chatter: LlamaChat;
}

let loaded: Loaded | undefined;
const running = new Map<number, AbortController>();
/** llama.cpp's last error line while loading ("error loading model: …"). */
let lastLoadError = '';

function send(m: FromModel): void {
  process.send?.(m);
}

async function load(m: Extract<ToModel, { type: 'load' }>): Promise<EmbeddedModelInfo> {
  const started = performance.now();
  // The app checked the header before starting this process; checked again here, before
  // node-llama-cpp is even imported, since the file may have changed since (a folder, a device
  // or a pipe, which could block a read for ever, is refused unread).
  const { sizeBytes } = await checkModelFile(m.path);
  const nlc = await import('node-llama-cpp');
  // The header first (pure JavaScript): a file that is not GGUF, or whose header is damaged,
  // is refused before llama.cpp sees it.
  const fileInfo = await nlc.readGgufFileInfo(m.path, { readTensorInfo: true }).catch((e) => {
    throw modelFileError(m.path, String((e as Error).message));
  });
  // A download cut short: a tensor starting past the end. (llama.cpp says so too, but its log
  // line can arrive after its failure does.)
  const cut = (fileInfo.fullTensorInfo ?? fileInfo.tensorInfo ?? []).find(
    (t) => Number(t.fileOffset) >= sizeBytes,
  );
  if (cut) throw modelFileError(m.path, `tensor '${cut.name}' data is not within the file bounds`);
  const llama = await getLlama(nlc, m.gpu);
  const insights = await nlc.GgufInsights.from(fileInfo, llama);
  const trainContextLength = insights.trainContextSize ?? m.contextSize;
  const contextSize = Math.max(256, Math.min(m.contextSize, trainContextLength));
  const gpuLayers = llama.gpu === false ? 0 : insights.totalLayers;
  const modelNeeds = await insights.estimateModelResourceRequirementsV2({ gpuLayers });
  const contextNeeds = await insights.estimateContextResourceRequirementsV2({
    contextSize,
    modelGpuLayers: gpuLayers,
  });
  const ram = modelNeeds.cpuRam + contextNeeds.cpuRam;
  const vram = modelNeeds.gpuVram + contextNeeds.gpuVram;
  // The app sets this process's memory cap from it.
  send({ type: 'estimate', ramBytes: ram });
  if (ram > m.availableRamBytes) {
    throw new WorkbenchError(
      'llm-out-of-memory',
      `${basename(m.path)} needs about ${gib(ram)} of memory with a ${contextSize}-token context, and this machine has ${gib(m.availableRamBytes)} free; close other programs or choose a smaller (more quantised) model`,
    );
  }
  lastLoadError = '';
  const model = await llama
    .loadModel({ modelPath: m.path, gpuLayers: gpuLayers === 0 ? 0 : 'auto' })
    .catch(async (e: unknown) => {
      // llama.cpp's reason comes through its log, which can trail the failure (up to 2 s).
      for (let waited = 0; !lastLoadError && waited < 2000; waited += 20)
        await new Promise((r) => setTimeout(r, 20));
      throw modelFileError(m.path, lastLoadError || String((e as Error).message));
    });
  const context = await model.createContext({
    contextSize,
    ...compact({ threads: m.threads }),
  });
  const sequence = context.getSequence();
  loaded = {
    llama,
    model,
    sequence,
    chatter: new nlc.LlamaChat({ contextSequence: sequence, autoDisposeSequence: false }),
  };
  const general = fileInfo.metadata.general;
  const chatTemplate = (fileInfo.metadata.tokenizer as { chat_template?: unknown } | undefined)
    ?.chat_template;
  const wrapper = nlc.resolveChatWrapper(model);
  return {
    path: m.path,
    fileName: basename(m.path),
    sizeBytes,
    architecture: String(general.architecture),
    name: typeof general.name === 'string' ? general.name : null,
    parameters: Math.round(
      (fileInfo.fullTensorInfo ?? fileInfo.tensorInfo ?? []).reduce(
        (n, t) => n + t.dimensions.reduce<number>((a, d) => a * Number(d), 1),
        0,
      ),
    ),
    quantisation: fileTypeName(nlc, general.file_type),
    trainContextLength,
    contextSize: context.contextSize,
    chatTemplate: typeof chatTemplate === 'string' ? chatTemplate : null,
    chatFormat: wrapper?.wrapperName ?? null,
    estimatedRamBytes: ram,
    estimatedVramBytes: vram,
    device: llama.gpu === false ? 'cpu' : llama.gpu,
    loadMs: performance.now() - started,
  };
}

async function getLlama(nlc: Nlc, gpu: boolean): Promise<Llama> {
  const options = {
    build: 'never' as const,
    progressLogs: false,
    logLevel: nlc.LlamaLogLevel.warn,
    logger: (level: unknown, message: string) => {
      if (/error loading model:/.test(message) && lastLoadError === '')
        lastLoadError = message.trim();
    },
  };
  if (!gpu) return nlc.getLlama({ ...options, gpu: false });
  // A GPU build that is not installed (the default install has CPU only) or a device that does
  // not answer: CPU.
  return nlc
    .getLlama({ ...options, gpu: 'auto' })
    .catch(() => nlc.getLlama({ ...options, gpu: false }));
}

function fileTypeName(nlc: Nlc, fileType: unknown): string {
  if (typeof fileType !== 'number') return 'unknown';
  const name = (nlc.GgufFileType as unknown as Record<number, string>)[fileType];
  return name ? name.replace(/^MOSTLY_/, '').replace(/^ALL_/, '') : `type ${fileType}`;
}

function gib(bytes: number): string {
  return bytes >= 2 ** 30
    ? `${(bytes / 2 ** 30).toFixed(1)} GiB`
    : `${Math.max(1, Math.round(bytes / 2 ** 20))} MiB`;
}

function history(messages: ChatMessage[]): ChatHistoryItem[] {
  const items: ChatHistoryItem[] = messages.map((m) =>
    m.role === 'system'
      ? { type: 'system', text: m.content }
      : m.role === 'user'
        ? { type: 'user', text: m.content }
        : { type: 'model', response: [m.content] },
  );
  // A last assistant message is a prefix the model continues (DocMath's open code block).
  if (items.at(-1)?.type !== 'model') items.push({ type: 'model', response: [] });
  return items;
}

async function chat(m: Extract<ToModel, { type: 'chat' }>): Promise<void> {
  if (!loaded) {
    send({ type: 'error', id: m.id, code: 'internal', message: 'no model is loaded' });
    return;
  }
  const { llama, model, sequence, chatter } = loaded;
  const started = performance.now();
  const controller = new AbortController();
  running.set(m.id, controller);
  let firstTokenAt: number | undefined;
  let completionTokens = 0;
  try {
    const grammar = m.json ? await llama.getGrammarFor('json') : undefined;
    const res = await chatter.generateResponse(history(m.messages), {
      maxTokens: m.maxTokens,
      ...compact({ temperature: m.temperature, topP: m.topP, seed: m.seed }),
      ...(m.stop.length ? { customStopTriggers: m.stop } : {}),
      ...(grammar ? { grammar } : {}),
      signal: controller.signal,
      stopOnAbortSignal: false,
      onToken: (tokens) => {
        firstTokenAt ??= performance.now();
        completionTokens += tokens.length;
      },
      onTextChunk: (text) => {
        if (text) send({ type: 'delta', id: m.id, text });
      },
    });
    const end = performance.now();
    const first = firstTokenAt ?? end;
    send({
      type: 'done',
      id: m.id,
      text: res.response,
      promptTokens: Math.max(0, sequence.contextTokens.length - completionTokens),
      completionTokens,
      finishReason: res.metadata.stopReason === 'maxTokens' ? 'length' : 'stop',
      timing: {
        firstTokenMs: first - started,
        totalMs: end - started,
        tokensPerSecond:
          completionTokens > 1 && end > first ? ((completionTokens - 1) * 1000) / (end - first) : 0,
      },
    });
  } catch (e) {
    if (controller.signal.aborted) send({ type: 'cancelled', id: m.id });
    else {
      const message = String((e as Error).message ?? e);
      send({
        type: 'error',
        id: m.id,
        code: /context size|too long|exceeds/i.test(message)
          ? 'llm-context-length'
          : 'llm-bad-response',
        message: `${model.filename ?? 'the embedded model'}: ${message}`,
      });
    }
  } finally {
    running.delete(m.id);
  }
}

process.on('message', (raw: ToModel) => {
  if (raw.type === 'load') {
    void load(raw).then(
      (info) => send({ type: 'loaded', info }),
      (e: unknown) => {
        const err = e as { code?: unknown; message?: unknown };
        const known = err && typeof err.code === 'string' && err.code.startsWith('llm-');
        send({
          type: 'error',
          code: known ? (err.code as 'llm-model-file') : 'llm-model-file',
          message: known
            ? String(err.message)
            : modelFileError(raw.path, String(err?.message ?? e)).message,
        });
      },
    );
  } else if (raw.type === 'chat') {
    void chat(raw);
  } else if (raw.type === 'cancel') {
    running.get(raw.id)?.abort();
  }
});
// The app went away (closed, crashed, killed): nothing is left to answer to.
process.on('disconnect', () => process.exit(0));
watchParent();
if (process.platform !== 'linux') {
  // Elsewhere the app cannot read this process's memory from /proc: it is told instead.
  setInterval(() => send({ type: 'memory', rssBytes: process.memoryUsage.rss() }), 200).unref();
}
send({ type: 'ready' });

/**
 * 'disconnect' needs this process's event loop, which a long synchronous step can hold for
 * minutes. A thread of its own checks every half second that the app that started this process
 * is still there (WORKBENCH_MODEL_PARENT_PID, set by embedded-model.ts: if the app went before
 * this line ran, the parent seen now is already another) and ends this process at once when it
 * is not.
 */
function watchParent(): void {
  const parent = Number(process.env.WORKBENCH_MODEL_PARENT_PID ?? process.ppid);
  const source = `
    const { workerData } = require('node:worker_threads');
    setInterval(() => {
      let gone = process.ppid !== workerData.parent;
      try { process.kill(workerData.parent, 0); } catch (e) { if (e.code === 'ESRCH') gone = true; }
      if (gone) process.kill(process.pid, 'SIGKILL');
    }, 500);`;
  new Worker(source, { eval: true, workerData: { parent } }).unref();
}
