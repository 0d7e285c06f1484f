/**
 * Tokens per second of the embedded path (issue 16): the tiny GGUF model the tests write,
 * answering through LlmService in its own process, beside the same request through the
 * OpenAI-compatible test server streaming the same text one character per chunk (most of the
 * tiny model's tokens are one character). The difference per token is what the embedded path
 * costs beyond the model's own arithmetic, which for a 121 K-parameter model is close to none:
 * IPC from the model process, node-llama-cpp's sampling and detokenising, and our streaming.
 * Runs after 2 warm-up requests each; the model is loaded before timing starts. Each request's
 * question ends in its own number, so no request reuses the previous one's evaluated prompt.
 *
 *   node --import tsx test/bench/embedded-tokens.ts   (BENCH_N=… requests, default 10;
 *   BENCH_TOKENS=… tokens each, default 256; WORKBENCH_EMBEDDED_THREADS, default 1)
 */
import { join } from 'node:path';
import { openDatabase } from '../../main/db/open';
import { closeEmbeddedModels } from '../../main/llm/embedded/embedded-models';
import { embeddedInfo } from '../../main/llm/embedded/embedded-provider';
import { LlmService, type ChatRequest } from '../../main/llm/llm-service';
import { fileSecretStore } from '../../main/secrets/secret-store';
import { quantileSorted } from '../../shared/stats';
import { modelFileUrl } from '../../shared/llm/provider';
import { startOpenAiTestServer } from '../support/openai-test-server';
import { tempDir } from '../support/temp-dir';
import { writeTinyGguf } from '../support/tiny-gguf';

process.env.WORKBENCH_EMBEDDED_THREADS ??= '1';
const N = Number(process.env.BENCH_N ?? 10);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 256);
const WARM_UP = 2;
const QUESTION = 'What was total revenue in 2025, and how much did it grow over 2024?';

interface Sample {
  wallMs: number;
  firstMs: number;
  deltas: number;
  tokens: number;
}

async function measure(llm: LlmService, req: Omit<ChatRequest, 'onDelta'>): Promise<Sample> {
  const started = performance.now();
  let firstMs = 0;
  let deltas = 0;
  const r = await llm.chat({
    ...req,
    cache: false,
    onDelta: () => {
      if (deltas++ === 0) firstMs = performance.now() - started;
    },
  });
  return { wallMs: performance.now() - started, firstMs, deltas, tokens: r.usage.completionTokens };
}

function summary(name: string, samples: Sample[]): { msPerToken: number } {
  const med = (f: (s: Sample) => number) =>
    quantileSorted(
      samples.map(f).sort((a, b) => a - b),
      0.5,
    );
  const tokens = med((s) => s.tokens);
  const wall = med((s) => s.wallMs);
  const first = med((s) => s.firstMs);
  const msPerToken = (wall - first) / Math.max(1, tokens - 1);
  console.log(
    `${name}: median ${wall.toFixed(1)} ms per request of ${tokens} tokens (${med((s) => s.deltas)} deltas), first delta ${first.toFixed(1)} ms, ${(1000 / msPerToken).toFixed(0)} tokens/s after it (${msPerToken.toFixed(3)} ms per token), ${((tokens * 1000) / wall).toFixed(0)} tokens/s end to end`,
  );
  return { msPerToken };
}

async function main(): Promise<void> {
  const t = tempDir('bench-embedded-');
  const db = openDatabase(join(t.dir, 'workbench.sqlite'));
  const llm = new LlmService(db, fileSecretStore(t.dir));
  const model = writeTinyGguf(join(t.dir, 'tiny.gguf'));
  const messages = (i: number) => [{ role: 'user' as const, content: `${QUESTION} (${i})` }];
  const params = { maxTokens: TOKENS, temperature: 0 };
  const embedded = (i: number) => ({
    provider: { baseUrl: modelFileUrl(model) },
    model: 'tiny.gguf',
    messages: messages(i),
    params,
  });
  try {
    const loadStarted = performance.now();
    const info = await embeddedInfo(model);
    console.log(
      `model: ${info.fileName}, ${info.parameters} parameters, ${info.quantisation}, context ${info.contextSize}; loaded in ${(performance.now() - loadStarted).toFixed(0)} ms (${process.env.WORKBENCH_EMBEDDED_THREADS} thread(s))`,
    );
    const embeddedSamples: Sample[] = [];
    let text = '';
    for (let i = 0; i < WARM_UP + N; i++) {
      const s = await measure(llm, embedded(i));
      if (i >= WARM_UP) embeddedSamples.push(s);
      if (!text) text = (await llm.chat({ ...embedded(-1), cache: false })).text;
    }
    const server = await startOpenAiTestServer({
      replies: [{ match: QUESTION, reply: text, chunkSize: 1 }],
    });
    const serverSamples: Sample[] = [];
    try {
      for (let i = 0; i < WARM_UP + N; i++) {
        const s = await measure(llm, {
          provider: { baseUrl: server.baseUrl, maxRetries: 0 },
          model: 'test-chat',
          messages: messages(i),
          params,
        });
        if (i >= WARM_UP) serverSamples.push(s);
      }
    } finally {
      await server.close();
    }
    const e = summary('embedded (tiny GGUF, own process)', embeddedSamples);
    // The server's chunks stand for tokens (its usage is counted differently).
    const s = summary(
      'OpenAI-compatible test server (same text, 1 character per chunk)',
      serverSamples.map((x) => ({ ...x, tokens: x.deltas })),
    );
    console.log(
      `per-token difference: ${(e.msPerToken - s.msPerToken).toFixed(3)} ms (embedded minus HTTP streaming)`,
    );
  } finally {
    closeEmbeddedModels();
    db.close();
    t.cleanup();
  }
}

void main();
