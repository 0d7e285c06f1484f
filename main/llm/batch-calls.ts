import type OpenAI from 'openai';
import { openaiSdk } from './openai-sdk';
import { WorkbenchError } from '../../shared/api/result';
import { RunBatchProgress } from '../../shared/runs/run';
import type { CallSite } from './llm-errors';

/** A batch as the server last described it. */
export interface BatchInfo {
  id: string;
  status: RunBatchProgress['status'];
  inputFileId: string;
  outputFileId: string | null;
  errorFileId: string | null;
  counts: { total: number; completed: number; failed: number };
  /** Why validation failed (`errors.data[].message`, with the line when given). */
  errors: string[];
  /** What the batch was created with (ours: `workbench_run`). */
  metadata: Record<string, string>;
}

/** One line of a batch's output or error file, by custom_id. */
export type BatchLineResult =
  /** The request ran: its HTTP status and body (a chat completion, or an error body). */
  | { kind: 'response'; status: number; body: unknown }
  /** It never ran (`batch_expired`, `batch_cancelled`, `request_timeout`, …). */
  | { kind: 'error'; code: string; message: string };

const STATUSES: ReadonlySet<string> = new Set(RunBatchProgress.shape.status.options);

const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);

function infoOf(b: OpenAI.Batch | undefined, site: CallSite): BatchInfo {
  if (!b || typeof b.id !== 'string' || !STATUSES.has(b.status))
    throw new WorkbenchError(
      'llm-bad-response',
      `${site.baseUrl}/batches answered something that is not a batch; is it an OpenAI-compatible endpoint with the Batch API?`,
    );
  return {
    id: b.id,
    status: b.status,
    inputFileId: b.input_file_id,
    outputFileId: b.output_file_id ?? null,
    errorFileId: b.error_file_id ?? null,
    counts: {
      total: count(b.request_counts?.total),
      completed: count(b.request_counts?.completed),
      failed: count(b.request_counts?.failed),
    },
    errors: (b.errors?.data ?? []).map((e) =>
      [e.line != null ? `line ${e.line}` : null, e.code, e.message].filter(Boolean).join(': '),
    ),
    metadata: b.metadata ?? {},
  };
}

/** Uploads the JSONL with purpose "batch"; answers the file id. */
export async function uploadBatchInput(
  client: OpenAI,
  jsonl: string,
  filename: string,
  signal: AbortSignal,
): Promise<string> {
  const file = await client.files.create(
    {
      file: await openaiSdk().toFile(Buffer.from(jsonl, 'utf8'), filename, {
        type: 'application/jsonl',
      }),
      purpose: 'batch',
    },
    { signal },
  );
  if (typeof file?.id !== 'string' || file.id === '')
    throw new WorkbenchError('llm-bad-response', 'the file upload answered no file id');
  return file.id;
}

/** A chat-completions batch over an uploaded input file, in the 24 h window. */
export async function createBatch(
  client: OpenAI,
  site: CallSite,
  inputFileId: string,
  metadata: Record<string, string>,
  signal: AbortSignal,
): Promise<BatchInfo> {
  const b = await client.batches.create(
    {
      input_file_id: inputFileId,
      endpoint: '/v1/chat/completions',
      completion_window: '24h',
      metadata,
    },
    { signal },
  );
  return infoOf(b, site);
}

export async function retrieveBatch(
  client: OpenAI,
  site: CallSite,
  id: string,
  signal: AbortSignal,
): Promise<BatchInfo> {
  return infoOf(await client.batches.retrieve(id, { signal }), site);
}

export async function cancelBatch(
  client: OpenAI,
  site: CallSite,
  id: string,
  signal: AbortSignal,
): Promise<BatchInfo> {
  return infoOf(await client.batches.cancel(id, { signal }), site);
}

/** The newest batches (the first page, up to 100): where a batch made before a crash is found. */
export async function listBatches(
  client: OpenAI,
  site: CallSite,
  signal: AbortSignal,
): Promise<BatchInfo[]> {
  const page = await client.batches.list({ limit: 100 }, { signal });
  return (Array.isArray(page?.data) ? page.data : []).map((b) => infoOf(b, site));
}

/** The custom_ids of an input JSONL, in file order (lines that are not JSON are skipped). */
export function customIdsOf(text: string): string[] {
  const ids: string[] = [];
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    try {
      const id = (JSON.parse(raw) as { custom_id?: unknown }).custom_id;
      if (typeof id === 'string') ids.push(id);
    } catch {
      // not a request line: the server validated the file, so there is nothing to take from it
    }
  }
  return ids;
}

/** A file's bytes as text (an output or error JSONL). */
export async function fileText(client: OpenAI, id: string, signal: AbortSignal): Promise<string> {
  const res = await client.files.content(id, { signal });
  return res.text();
}

/**
 * The lines of output and error files by custom_id. A line that is not JSON or has no
 * custom_id is counted, never guessed at; a custom_id seen twice keeps its first line.
 */
export function readResultLines(
  texts: string[],
  site: CallSite,
): { byId: Map<string, BatchLineResult>; unreadable: number } {
  const byId = new Map<string, BatchLineResult>();
  let unreadable = 0;
  for (const text of texts) {
    for (const raw of text.split('\n')) {
      if (raw.trim() === '') continue;
      let line: { custom_id?: unknown; response?: unknown; error?: unknown };
      try {
        line = JSON.parse(raw) as typeof line;
      } catch {
        unreadable++;
        continue;
      }
      const id = line.custom_id;
      if (typeof id !== 'string' || byId.has(id)) {
        if (typeof id !== 'string') unreadable++;
        continue;
      }
      const response = line.response as { status_code?: unknown; body?: unknown } | null;
      const error = line.error as { code?: unknown; message?: unknown } | null;
      if (response && typeof response.status_code === 'number')
        byId.set(id, { kind: 'response', status: response.status_code, body: response.body });
      else
        byId.set(id, {
          kind: 'error',
          code: typeof error?.code === 'string' ? error.code : 'unknown',
          message:
            typeof error?.message === 'string'
              ? error.message
              : `${site.baseUrl}/batches returned a line with neither a response nor an error`,
        });
    }
  }
  return { byId, unreadable };
}
