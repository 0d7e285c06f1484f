// The OpenAI Batch API half of the test server (openai-test-server.ts): `/v1/files` (multipart
// upload, retrieve, list, content, delete) and `/v1/batches` (create, retrieve, list, cancel),
// spoken the way the `openai` npm client speaks them. Each line of a batch is answered by the
// server's own scripted chat replies, so a batch run and a run of single requests see the same
// answers. A batch moves one status per `pollsPerStatus` retrieves (validating → in_progress →
// finalizing → completed) and then has an output file and, when some lines failed, an error file.
// Faults armed with `failNext` apply to the next batch created.

/** A chat request's answer as the server would send it, or the HTTP error it would get. */
export type CompletionResult =
  { ok: true; body: unknown } | { ok: false; status: number; body: unknown };

export interface BatchOptions {
  /** Retrieves a batch stays in each of validating, in_progress and finalizing (default 1). */
  pollsPerStatus?: number;
}

export type BatchFault =
  /** Validation fails: the batch ends `failed` with this message in `errors`. */
  | { kind: 'fail-validation'; message?: string }
  /** The 24 h window passes while in progress: the first `completed` lines are answered, the rest end `batch_expired`. */
  | { kind: 'expire'; completed?: number }
  /** Someone cancels it at the server while in progress (the dashboard): the first `completed` lines are answered. */
  | { kind: 'cancel'; completed?: number }
  /** These custom_ids end in the error file with an HTTP status (default 500). */
  | { kind: 'error-lines'; customIds: string[]; status?: number };

export type BatchStatus =
  | 'validating'
  | 'failed'
  | 'in_progress'
  | 'finalizing'
  | 'completed'
  | 'expired'
  | 'cancelling'
  | 'cancelled';

export interface StoredFile {
  id: string;
  filename: string;
  purpose: string;
  bytes: Buffer;
  createdAt: number;
}

interface InputLine {
  custom_id: string;
  body: unknown;
}

export interface TestBatch {
  id: string;
  inputFileId: string;
  endpoint: string;
  completionWindow: string;
  metadata: unknown;
  status: BatchStatus;
  /** Retrieves seen in the current status. */
  polls: number;
  createdAt: number;
  times: Partial<Record<string, number>>;
  lines: InputLine[];
  counts: { total: number; completed: number; failed: number };
  outputFileId?: string;
  errorFileId?: string;
  errors?: {
    object: 'list';
    data: { code: string; message: string; line: number | null; param: string | null }[];
  };
  fault: BatchFault | undefined;
}

export type BatchAnswer =
  { kind: 'json'; status: number; body: unknown } | { kind: 'bytes'; bytes: Buffer };

type ErrorBody = (
  status: number,
  message?: string,
  code?: string | null,
  param?: string | null,
) => unknown;

const FILE_PURPOSES = new Set(['assistants', 'batch', 'fine-tune', 'vision', 'user_data', 'evals']);
const ACTIVE: ReadonlySet<BatchStatus> = new Set(['validating', 'in_progress', 'finalizing']);

export class TestBatches {
  readonly files = new Map<string, StoredFile>();
  readonly batches = new Map<string, TestBatch>();
  /** Batches created so far (what a resume must not add to). */
  created = 0;
  pollsPerStatus: number;
  private armed: BatchFault[] = [];
  private seq = 0;

  constructor(
    private readonly complete: (body: unknown) => CompletionResult,
    private readonly errorBody: ErrorBody,
    options: BatchOptions = {},
  ) {
    this.pollsPerStatus = Math.max(1, options.pollsPerStatus ?? 1);
  }

  /** The next batch created gets this fault. */
  failNext(fault: BatchFault): void {
    this.armed.push(fault);
  }

  async handle(
    method: string,
    path: string,
    contentType: string | undefined,
    raw: Buffer,
    json: unknown,
  ): Promise<BatchAnswer> {
    const parts = path.replace(/^.*\/v1\//, '').split('/');
    const [kind, id, action] = parts;
    if (kind === 'files') {
      if (method === 'POST' && id === undefined) return this.upload(contentType, raw);
      if (method === 'GET' && id === undefined) {
        const data = [...this.files.values()].map(fileObject);
        return json200({ object: 'list', data, has_more: false });
      }
      const file = id === undefined ? undefined : this.files.get(id);
      if (!file) return this.noSuch('File', id);
      if (method === 'GET' && action === 'content') return { kind: 'bytes', bytes: file.bytes };
      if (method === 'GET' && action === undefined) return json200(fileObject(file));
      if (method === 'DELETE' && action === undefined) {
        this.files.delete(file.id);
        return json200({ id: file.id, object: 'file', deleted: true });
      }
    }
    if (kind === 'batches') {
      if (method === 'POST' && id === undefined) return this.create(json);
      if (method === 'GET' && id === undefined) {
        const data = [...this.batches.values()].reverse().map((b) => batchObject(b));
        return json200({
          object: 'list',
          data,
          first_id: data[0]?.id ?? null,
          last_id: data[data.length - 1]?.id ?? null,
          has_more: false,
        });
      }
      const batch = id === undefined ? undefined : this.batches.get(id);
      if (!batch) return this.noSuch('Batch', id);
      if (method === 'GET' && action === undefined) {
        this.poll(batch);
        return json200(batchObject(batch));
      }
      if (method === 'POST' && action === 'cancel') {
        if (!ACTIVE.has(batch.status) && batch.status !== 'cancelling')
          return this.bad(409, `Cannot cancel a batch with status '${batch.status}'.`);
        if (batch.status !== 'cancelling') this.enter(batch, 'cancelling');
        return json200(batchObject(batch));
      }
    }
    return this.bad(404, `Invalid URL (${method} ${path})`);
  }

  private bad(status: number, message: string, param: string | null = null): BatchAnswer {
    return { kind: 'json', status, body: this.errorBody(status, message, null, param) };
  }

  private noSuch(what: string, id: string | undefined): BatchAnswer {
    return this.bad(404, `No such ${what} object: ${id ?? ''}`, 'id');
  }

  private async upload(contentType: string | undefined, raw: Buffer): Promise<BatchAnswer> {
    if (!/^multipart\/form-data/i.test(contentType ?? ''))
      return this.bad(400, 'Uploads must be multipart/form-data.');
    let form: FormData;
    try {
      form = await new Response(raw, { headers: { 'content-type': contentType! } }).formData();
    } catch {
      return this.bad(400, 'The multipart body could not be read.');
    }
    const file = form.get('file');
    const purpose = form.get('purpose');
    if (!(file instanceof Blob))
      return this.bad(400, "Missing required parameter: 'file'.", 'file');
    if (typeof purpose !== 'string' || !FILE_PURPOSES.has(purpose))
      return this.bad(
        400,
        `Invalid value for 'purpose': ${typeof purpose === 'string' ? purpose : 'a file'}.`,
        'purpose',
      );
    const filename = file instanceof File ? file.name : 'upload';
    if (purpose === 'batch' && !filename.endsWith('.jsonl'))
      return this.bad(400, 'Invalid file format for Batch API. Must be .jsonl', 'file');
    const stored = this.store(filename, purpose, Buffer.from(await file.arrayBuffer()));
    return json200(fileObject(stored));
  }

  private store(filename: string, purpose: string, bytes: Buffer): StoredFile {
    const stored: StoredFile = {
      id: `file-test${++this.seq}`,
      filename,
      purpose,
      bytes,
      createdAt: now(),
    };
    this.files.set(stored.id, stored);
    return stored;
  }

  private create(json: unknown): BatchAnswer {
    const body = (json ?? {}) as Record<string, unknown>;
    const file =
      typeof body.input_file_id === 'string' ? this.files.get(body.input_file_id) : undefined;
    if (!file)
      return this.bad(
        400,
        `Invalid 'input_file_id': ${String(body.input_file_id)}.`,
        'input_file_id',
      );
    if (file.purpose !== 'batch')
      return this.bad(
        400,
        `File ${file.id} was not uploaded with purpose 'batch'.`,
        'input_file_id',
      );
    if (body.endpoint !== '/v1/chat/completions')
      return this.bad(
        400,
        `Unsupported endpoint: ${String(body.endpoint)} (this server batches /v1/chat/completions).`,
        'endpoint',
      );
    if (body.completion_window !== '24h')
      return this.bad(
        400,
        "Invalid value for 'completion_window': only '24h' is supported.",
        'completion_window',
      );
    this.created++;
    const batch: TestBatch = {
      id: `batch_test${++this.seq}`,
      inputFileId: file.id,
      endpoint: body.endpoint,
      completionWindow: body.completion_window,
      metadata: body.metadata ?? null,
      status: 'validating',
      polls: 0,
      createdAt: now(),
      times: {},
      lines: [],
      counts: { total: 0, completed: 0, failed: 0 },
      fault: this.armed.shift(),
    };
    this.batches.set(batch.id, batch);
    return json200(batchObject(batch));
  }

  /** One retrieve: the batch moves on once it has been seen `pollsPerStatus` times. */
  private poll(b: TestBatch): void {
    if (b.status === 'cancelling') return this.finish(b, 'cancelled', 0);
    if (!ACTIVE.has(b.status)) return;
    b.polls++;
    if (b.status === 'in_progress')
      b.counts.completed = Math.min(
        b.counts.total - 1,
        Math.floor((b.counts.total * b.polls) / (this.pollsPerStatus + 1)),
      );
    if (b.polls < this.pollsPerStatus) return;
    if (b.status === 'validating') return this.validate(b);
    if (b.status === 'in_progress') {
      if (b.fault?.kind === 'expire') return this.finish(b, 'expired', b.fault.completed ?? 0);
      if (b.fault?.kind === 'cancel') return this.finish(b, 'cancelled', b.fault.completed ?? 0);
      return this.enter(b, 'finalizing');
    }
    this.finish(b, 'completed', b.lines.length);
  }

  private enter(b: TestBatch, status: BatchStatus): void {
    b.status = status;
    b.polls = 0;
    b.times[`${status}_at`] = now();
  }

  private validate(b: TestBatch): void {
    const errors: NonNullable<TestBatch['errors']>['data'] = [];
    const seen = new Set<string>();
    const text = this.files.get(b.inputFileId)?.bytes.toString('utf8') ?? '';
    text.split('\n').forEach((raw, i) => {
      if (raw.trim() === '') return;
      const at = (message: string, param: string | null = null) =>
        errors.push({ code: 'invalid_request', message, line: i + 1, param });
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return at('This line is not valid JSON.');
      }
      const id = line.custom_id;
      if (typeof id !== 'string' || id === '') return at('custom_id is missing.', 'custom_id');
      if (seen.has(id))
        return at(`The custom_id ${id} is used twice; custom_ids must be unique.`, 'custom_id');
      seen.add(id);
      if (line.method !== 'POST') return at("method must be 'POST'.", 'method');
      if (line.url !== b.endpoint)
        return at(`url must be ${b.endpoint}, the batch's endpoint.`, 'url');
      if (typeof line.body !== 'object' || line.body === null)
        return at('body is missing.', 'body');
      b.lines.push({ custom_id: id, body: line.body });
    });
    if (b.lines.length === 0 && errors.length === 0)
      errors.push({
        code: 'empty_file',
        message: 'The input file has no requests.',
        line: null,
        param: null,
      });
    if (b.fault?.kind === 'fail-validation')
      errors.push({
        code: 'invalid_request',
        message: b.fault.message ?? 'The batch failed validation.',
        line: null,
        param: null,
      });
    if (errors.length > 0) {
      b.errors = { object: 'list', data: errors };
      b.lines = [];
      this.enter(b, 'failed');
      return;
    }
    b.counts.total = b.lines.length;
    this.enter(b, 'in_progress');
  }

  /** Ends a batch: its first `answered` lines are asked, the others end with the status's error. */
  private finish(
    b: TestBatch,
    status: 'completed' | 'expired' | 'cancelled',
    answered: number,
  ): void {
    const ok: string[] = [];
    const bad: string[] = [];
    const errorLines = b.fault?.kind === 'error-lines' ? b.fault : undefined;
    b.lines.forEach((line, i) => {
      const id = `batch_req_test${++this.seq}`;
      if (i >= answered) {
        const code = status === 'expired' ? 'batch_expired' : 'batch_cancelled';
        const message =
          status === 'expired'
            ? 'This request could not be executed before the completion window expired.'
            : 'This request was not executed because the batch was cancelled.';
        bad.push(
          JSON.stringify({
            id,
            custom_id: line.custom_id,
            response: null,
            error: { code, message },
          }),
        );
        return;
      }
      const answer: CompletionResult = errorLines?.customIds.includes(line.custom_id)
        ? {
            ok: false,
            status: errorLines.status ?? 500,
            body: this.errorBody(errorLines.status ?? 500),
          }
        : this.complete(line.body);
      const out = JSON.stringify({
        id,
        custom_id: line.custom_id,
        response: {
          status_code: answer.ok ? 200 : answer.status,
          request_id: `req_test${++this.seq}`,
          body: answer.body,
        },
        error: null,
      });
      (answer.ok ? ok : bad).push(out);
    });
    b.counts = { total: b.lines.length, completed: ok.length, failed: bad.length };
    const jsonl = (lines: string[]) => Buffer.from(lines.map((l) => `${l}\n`).join(''), 'utf8');
    if (ok.length > 0 || status === 'completed')
      b.outputFileId = this.store(`${b.id}_output.jsonl`, 'batch_output', jsonl(ok)).id;
    if (bad.length > 0)
      b.errorFileId = this.store(`${b.id}_error.jsonl`, 'batch_output', jsonl(bad)).id;
    this.enter(b, status);
  }
}

const now = () => Math.floor(Date.now() / 1000);

const json200 = (body: unknown): BatchAnswer => ({ kind: 'json', status: 200, body });

function fileObject(f: StoredFile) {
  return {
    id: f.id,
    object: 'file',
    bytes: f.bytes.length,
    created_at: f.createdAt,
    filename: f.filename,
    purpose: f.purpose,
    status: 'processed',
    expires_at: null,
    status_details: null,
  };
}

function batchObject(b: TestBatch) {
  const model = (b.lines[0]?.body as { model?: unknown } | undefined)?.model;
  return {
    id: b.id,
    object: 'batch',
    endpoint: b.endpoint,
    ...(typeof model === 'string' ? { model } : {}),
    errors: b.errors ?? null,
    input_file_id: b.inputFileId,
    completion_window: b.completionWindow,
    status: b.status,
    output_file_id: b.outputFileId ?? null,
    error_file_id: b.errorFileId ?? null,
    created_at: b.createdAt,
    in_progress_at: b.times.in_progress_at ?? null,
    expires_at: b.createdAt + 24 * 3600,
    finalizing_at: b.times.finalizing_at ?? null,
    completed_at: b.times.completed_at ?? null,
    failed_at: b.times.failed_at ?? null,
    expired_at: b.times.expired_at ?? null,
    cancelling_at: b.times.cancelling_at ?? null,
    cancelled_at: b.times.cancelled_at ?? null,
    request_counts: b.counts,
    metadata: b.metadata,
  };
}
