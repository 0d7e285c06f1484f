import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeCall, WIRE_TYPE } from '../../shared/api/wire';
import { fail, type Result } from '../../shared/api/result';
import { Slots } from '../jobs/slots';
import type { Services } from '../services';
import { sendJson } from './send-json';
import { bodyChunks, readUploadHead, stageUpload, UploadRefused } from './upload';

export interface UploadOptions {
  services: Services;
  /** Largest file upload accepted. */
  maxBodyBytes: number;
  /** Uploads received at once (default 2); more wait, without their bodies being read. */
  maxConcurrentUploads?: number;
  /** Uploads waiting beyond those (default 8); more are refused with 503. */
  maxQueuedUploads?: number;
}

/**
 * `library.importBytes`, streamed to `files/.incoming/` (./upload.ts) in one of a few upload
 * slots. A waiting upload's body is not read, so it costs a socket, not memory; a client
 * that goes away while waiting or uploading leaves nothing behind.
 */
export function uploadCall(options: UploadOptions) {
  const slots = new Slots(options.maxConcurrentUploads ?? 2, options.maxQueuedUploads ?? 8);

  async function upload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = bodyChunks(req);
    const answer = (status: number, result: Result<unknown>) => {
      // What the client did not send yet is read and dropped, so it gets the answer rather
      // than a reset connection; the connection is not reused after an early answer.
      if (!req.complete) {
        res.setHeader('connection', 'close');
        body.drain();
      }
      if (req.headers.accept === WIRE_TYPE && status === 200) {
        res.writeHead(200, { 'content-type': WIRE_TYPE, 'cache-control': 'no-store' });
        res.end(encodeCall(result));
      } else sendJson(res, status, result);
    };
    if (slots.full) {
      return answer(
        503,
        fail(
          'busy',
          `the server is busy with ${slots.running} uploads and ${slots.queued} waiting; try again when they are done`,
        ),
      );
    }
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort('the client went away');
    });
    let release: () => void;
    try {
      release = await slots.acquire(gone.signal);
    } catch {
      return; // The client left while waiting: nobody to answer.
    }
    try {
      answer(200, { ok: true, value: await importUpload(req, body, options) });
    } catch (e) {
      if (e instanceof UploadRefused) return answer(e.status, fail(e.error.code, e.message));
      // The client went away mid-upload: the staged file is already removed; nobody to answer.
      if (gone.signal.aborted || req.destroyed) return;
      throw e;
    } finally {
      release();
    }
  }

  return {
    upload,
    /** Uploads in progress and waiting, and the most at once so far. */
    stats: () => ({ running: slots.running, queued: slots.queued, peak: slots.peak }),
  };
}

/** Reads the upload's head, stages its file in the workspace and imports it. */
async function importUpload(
  req: IncomingMessage,
  body: ReturnType<typeof bodyChunks>,
  options: UploadOptions,
) {
  const { importer: imp, maxImportBytes: maxBytes } = options.services;
  const declared = req.headers['content-length'];
  const { request, rest } = await readUploadHead(
    body,
    declared === undefined ? undefined : Number(declared),
    Math.min(maxBytes, options.maxBodyBytes),
  );
  const staged = await stageUpload(
    body,
    rest,
    request.length,
    options.services.workspace.files.incomingDir,
  );
  return imp.importStaged(request.name, staged);
}
