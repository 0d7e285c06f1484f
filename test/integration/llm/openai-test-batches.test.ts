import OpenAI, { toFile, type APIError } from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';

// The test server's Batch API (`/v1/files`, `/v1/batches`) as the real `openai` client speaks
// it: upload, create, poll through the statuses, download the output and error files, cancel,
// and the faults the run engine must survive.
let server: OpenAiTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const client = (s: OpenAiTestServer, apiKey = 'sk-test') =>
  new OpenAI({ baseURL: s.baseUrl, apiKey, maxRetries: 0, timeout: 10_000 });

const line = (id: string, content: string, model = 'test-chat') =>
  JSON.stringify({
    custom_id: id,
    method: 'POST',
    url: '/v1/chat/completions',
    body: { model, messages: [{ role: 'user', content }] },
  });

async function submit(c: OpenAI, lines: string[]) {
  const file = await c.files.create({
    file: await toFile(Buffer.from(lines.join('\n') + '\n'), 'run.jsonl'),
    purpose: 'batch',
  });
  return c.batches.create({
    input_file_id: file.id,
    endpoint: '/v1/chat/completions',
    completion_window: '24h',
  });
}

/** One line of an output or error file. */
interface ResultLine {
  custom_id: string;
  response: {
    status_code: number;
    body: { choices: { message: { content: string } }[]; error?: { code: string | null } };
  } | null;
  error: { code: string; message: string } | null;
}

async function pollToEnd(c: OpenAI, id: string, seen: string[] = []) {
  for (let i = 0; i < 50; i++) {
    const b = await c.batches.retrieve(id);
    seen.push(b.status);
    if (['completed', 'failed', 'expired', 'cancelled'].includes(b.status)) return b;
  }
  throw new Error('the batch never ended');
}

const jsonl = async (c: OpenAI, fileId: string) =>
  (await (await c.files.content(fileId)).text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ResultLine);

describe('openai test server: Batch API', () => {
  it('uploads, runs a batch through its statuses with the scripted replies, and lists it', async () => {
    server = await startOpenAiTestServer({
      replies: [{ match: 'revenue', reply: 'Revenue was 42.' }],
      defaultReply: 'no idea',
      batch: { pollsPerStatus: 2 },
    });
    const c = client(server);
    const created = await submit(c, [line('q1', 'What was revenue?'), line('q2', 'Other?')]);
    expect(created.status).toBe('validating');
    const file = await c.files.retrieve(created.input_file_id);
    expect(file.purpose).toBe('batch');
    expect(file.filename).toBe('run.jsonl');
    const seen: string[] = [];
    const done = await pollToEnd(c, created.id, seen);
    expect(seen).toEqual([
      'validating',
      'in_progress',
      'in_progress',
      'finalizing',
      'finalizing',
      'completed',
    ]);
    expect(done.request_counts).toEqual({ total: 2, completed: 2, failed: 0 });
    expect(done.error_file_id).toBeNull();
    const out = await jsonl(c, done.output_file_id!);
    expect(out.map((l) => l.custom_id)).toEqual(['q1', 'q2']);
    expect(out[0]!.response?.status_code).toBe(200);
    expect(out[0]!.response?.body.choices[0]?.message.content).toBe('Revenue was 42.');
    expect(out[1]!.response?.body.choices[0]?.message.content).toBe('no idea');
    expect(out[0]!.error).toBeNull();
    const list = await c.batches.list();
    expect(list.data.map((b) => b.id)).toEqual([created.id]);
    expect(server.batches.created).toBe(1);
  });

  it('error lines go to the error file with their HTTP status; others to the output', async () => {
    server = await startOpenAiTestServer({ defaultReply: 'ok', models: ['test-chat'] });
    server.batches.failNext({ kind: 'error-lines', customIds: ['q2'], status: 500 });
    const c = client(server);
    const b = await submit(c, [line('q1', 'a'), line('q2', 'b'), line('q3', 'c', 'gone-model')]);
    const done = await pollToEnd(c, b.id);
    expect(done.status).toBe('completed');
    expect(done.request_counts).toEqual({ total: 3, completed: 1, failed: 2 });
    const errors = await jsonl(c, done.error_file_id!);
    expect(errors.map((l) => [l.custom_id, l.response?.status_code])).toEqual([
      ['q2', 500],
      ['q3', 404],
    ]);
    expect(errors[1]!.response?.body.error?.code).toBe('model_not_found');
    expect((await jsonl(c, done.output_file_id!)).map((l) => l.custom_id)).toEqual(['q1']);
  });

  it('a batch that fails validation, one that expires, one that is cancelled', async () => {
    server = await startOpenAiTestServer({ defaultReply: 'ok' });
    const c = client(server);
    server.batches.failNext({ kind: 'fail-validation', message: 'Too many tokens queued.' });
    const failed = await pollToEnd(c, (await submit(c, [line('q1', 'a')])).id);
    expect(failed.status).toBe('failed');
    expect(failed.errors?.data?.[0]?.message).toBe('Too many tokens queued.');
    expect(failed.output_file_id).toBeNull();

    const dup = await pollToEnd(c, (await submit(c, [line('q1', 'a'), line('q1', 'b')])).id);
    expect(dup.status).toBe('failed');
    expect(dup.errors?.data?.[0]).toMatchObject({ line: 2, param: 'custom_id' });

    server.batches.failNext({ kind: 'expire', completed: 1 });
    const expired = await pollToEnd(c, (await submit(c, [line('q1', 'a'), line('q2', 'b')])).id);
    expect(expired.status).toBe('expired');
    expect((await jsonl(c, expired.output_file_id!)).map((l) => l.custom_id)).toEqual(['q1']);
    const late = await jsonl(c, expired.error_file_id!);
    expect(late).toMatchObject([
      { custom_id: 'q2', response: null, error: { code: 'batch_expired' } },
    ]);

    const running = await submit(c, [line('q1', 'a')]);
    expect((await c.batches.cancel(running.id)).status).toBe('cancelling');
    const cancelled = await pollToEnd(c, running.id);
    expect(cancelled.status).toBe('cancelled');
    const refused = await c.batches.cancel(running.id).catch((e: APIError) => e);
    expect((refused as APIError).status).toBe(409);
  });

  it('refuses a wrong key, a bad purpose or endpoint, and unknown ids, with OpenAI error bodies', async () => {
    server = await startOpenAiTestServer({ apiKey: 'sk-right', defaultReply: 'ok' });
    const wrong = await client(server, 'sk-wrong')
      .files.create({ file: await toFile(Buffer.from('{}\n'), 'x.jsonl'), purpose: 'batch' })
      .catch((e: APIError) => e);
    expect((wrong as APIError).status).toBe(401);
    const c = client(server, 'sk-right');
    const notJsonl = await c.files
      .create({ file: await toFile(Buffer.from('x'), 'x.txt'), purpose: 'batch' })
      .catch((e: APIError) => e);
    expect((notJsonl as APIError).status).toBe(400);
    const file = await c.files.create({
      file: await toFile(Buffer.from(line('q1', 'a') + '\n'), 'x.jsonl'),
      purpose: 'batch',
    });
    const badEndpoint = await c.batches
      .create({ input_file_id: file.id, endpoint: '/v1/embeddings', completion_window: '24h' })
      .catch((e: APIError) => e);
    expect((badEndpoint as APIError).status).toBe(400);
    const missing = await c.batches.retrieve('batch_nope').catch((e: APIError) => e);
    expect((missing as APIError).status).toBe(404);
    expect(server.batches.created).toBe(0);
  });
});
