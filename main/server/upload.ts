import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { contract } from '../../shared/api/contract';
import { WorkbenchError } from '../../shared/api/result';
import { blobRef, parseHead } from '../../shared/api/wire';
import type { StagedFile } from '../workspace/file-store';

/**
 * `library.importBytes` over HTTP, streamed: the envelope (shared/api/wire.ts) is read head
 * first, then its one blob goes straight into a temporary file in the workspace's
 * `files/.incoming/` while it is hashed, so a 500 MB upload costs one socket chunk of memory,
 * not 500 MB. The importer then stores that staged file as it stores any other.
 */

/** The JSON head names the file; anything near this is not an upload but an attack. */
const MAX_HEAD_BYTES = 64 * 1024;
/** What the importer reads of a file's start to tell HTML from PDF (main/library). */
const SNIFF_BYTES = 8192;

export interface UploadRequest {
  name: string;
  /** Blob length the envelope announces. */
  length: number;
}

/** An upload refused before or while its body was read: the HTTP status and the error. */
export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    readonly error: WorkbenchError,
  ) {
    super(error.message);
  }
}

const refuse = (status: number, message: string, code: WorkbenchError['code'] = 'invalid-input') =>
  new UploadRefused(status, new WorkbenchError(code, message));

/**
 * Reads the envelope up to its blob and checks it: one `{name, bytes}` input whose bytes are
 * the only blob, at most `maxBytes` long, and (when the client said) a Content-Length that
 * matches. Nothing has been written when this throws. Returns the request and the body bytes
 * already read past the head, which belong to the blob.
 */
export async function readUploadHead(
  body: AsyncIterator<Buffer>,
  declaredLength: number | undefined,
  maxBytes: number,
): Promise<{ request: UploadRequest; rest: Buffer }> {
  let buffered = Buffer.alloc(0);
  const need = async (n: number, what: string) => {
    while (buffered.length < n) {
      const next = await body.next();
      if (next.done) throw refuse(400, `unreadable request body: ${what} is truncated`);
      buffered = Buffer.concat([buffered, next.value]);
    }
  };
  await need(4, 'the envelope');
  const headLength = buffered.readUInt32BE(0);
  if (headLength > MAX_HEAD_BYTES)
    throw refuse(400, `unreadable request body: a ${headLength}-byte head is not an upload`);
  await need(4 + headLength, 'the envelope head');
  let parsed: ReturnType<typeof parseHead>;
  try {
    parsed = parseHead(buffered.subarray(4, 4 + headLength));
  } catch (e) {
    throw refuse(400, `unreadable request body: ${(e as Error).message}`);
  }
  const input = parsed.value as Record<string, unknown> | null;
  const blob = typeof input === 'object' && input !== null ? blobRef(input.bytes) : undefined;
  if (!blob || blob.index !== 0 || parsed.blobs.length !== 1)
    throw refuse(400, 'library.importBytes: bytes: the upload must carry exactly one file');
  // The contract's own check of the name (and of stray fields), with stand-in bytes.
  const checked = contract['library.importBytes'].input.safeParse({
    ...input,
    bytes: new Uint8Array(0),
  });
  if (!checked.success) {
    const first = checked.error.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    throw refuse(400, `library.importBytes: ${where}${first?.message ?? 'invalid input'}`);
  }
  const { name } = checked.data;
  if (blob.length > maxBytes) {
    throw refuse(
      413,
      `${name}: ${formatMiB(blob.length)} is over the upload limit of ${formatMiB(maxBytes)}`,
      'file-too-large',
    );
  }
  if (declaredLength !== undefined && declaredLength !== 4 + headLength + blob.length) {
    throw refuse(400, 'unreadable request body: its length does not match the file it announces');
  }
  return { request: { name, length: blob.length }, rest: buffered.subarray(4 + headLength) };
}

/**
 * Writes the blob's `length` bytes (`first`, then the rest of `body`) to a new file in
 * `incomingDir`, hashing as it goes. The file is removed if the body ends early, carries more
 * than announced, or the client goes away mid-upload (the body iterator then throws).
 */
export async function stageUpload(
  body: AsyncIterator<Buffer>,
  first: Buffer,
  length: number,
  incomingDir: string,
): Promise<StagedFile> {
  await mkdir(incomingDir, { recursive: true });
  const tempPath = join(incomingDir, randomUUID());
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  let file: FileHandle | undefined;
  try {
    file = await open(tempPath, 'wx');
    let chunk: Buffer | undefined = first;
    for (;;) {
      if (chunk && chunk.length) {
        if (size + chunk.length > length)
          throw refuse(400, 'unreadable request body: more bytes than the file it announces');
        hash.update(chunk);
        if (headSize < SNIFF_BYTES) {
          const piece = chunk.subarray(0, SNIFF_BYTES - headSize);
          // A copy: the socket's chunk must not stay referenced for the file's whole import.
          head.push(Buffer.from(piece));
          headSize += piece.length;
        }
        // Awaiting each write before pulling the next chunk is the backpressure: a fast
        // client waits for the disk instead of filling memory.
        await file.write(chunk);
        size += chunk.length;
      }
      const next = await body.next();
      if (next.done) break;
      chunk = next.value;
    }
    if (size < length) throw refuse(400, 'unreadable request body: the file is truncated');
    await file.close();
    file = undefined;
  } catch (e) {
    await file?.close().catch(() => undefined);
    await rm(tempPath, { force: true });
    throw e;
  }
  return { tempPath, sha256: hash.digest('hex'), size, head: Buffer.concat(head) };
}

/**
 * The request body pulled one socket chunk at a time (never the whole), and `drain` to throw
 * away what is left after an early answer. Not Node's async iterator: stopping that destroys
 * the socket, and the client would see a reset instead of the answer.
 */
export function bodyChunks(req: IncomingMessage): AsyncIterator<Buffer> & { drain(): void } {
  const ready: Buffer[] = [];
  let ended = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const onData = (chunk: Buffer) => {
    ready.push(chunk);
    req.pause();
    wake?.();
  };
  const onEnd = () => {
    ended = true;
    wake?.();
  };
  const onGone = (e?: Error) => {
    if (!ended) failure ??= e ?? new Error('the client went away mid-upload');
    wake?.();
  };
  req.on('data', onData);
  req.pause();
  req.once('end', onEnd);
  req.once('error', onGone);
  req.once('close', () => onGone());
  return {
    async next(): Promise<IteratorResult<Buffer>> {
      for (;;) {
        const chunk = ready.shift();
        if (chunk) return { done: false, value: chunk };
        if (ended) return { done: true, value: undefined };
        if (failure) throw failure;
        await new Promise<void>((resolve) => {
          wake = resolve;
          req.resume();
        });
        wake = undefined;
      }
    },
    drain() {
      req.off('data', onData);
      ready.length = 0;
      req.resume();
    },
  };
}

const formatMiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
