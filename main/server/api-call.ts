import type { IncomingMessage, ServerResponse } from 'node:http';
import { isJsonBytes } from '../../shared/api/json-bytes';
import { decodeCall, encodeCall, WIRE_TYPE } from '../../shared/api/wire';
import { fail, type Result } from '../../shared/api/result';
import { refusedOn } from '../api/transport-policy';
import type { Services } from '../services';
import { callBodyKind } from './auth';
import { sendJson } from './send-json';
import { bodyChunks } from './upload';

export interface ApiCallOptions {
  registry: Services['registry'];
  /** Largest body of a call, which is read into memory. */
  maxCallBodyBytes: number;
  /** `library.importBytes` sent as an envelope: streamed, not read into memory. */
  upload(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/**
 * `POST /api/call/<method>`: the body (JSON or the envelope) decoded, the call made through
 * the registry (cancelled when the client goes away) and its result answered.
 */
export async function handleApiCall(
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  options: ApiCallOptions,
): Promise<void> {
  const kind = callBodyKind(req);
  if (!kind) {
    return sendJson(
      res,
      415,
      fail('invalid-input', `API calls are sent as application/json or ${WIRE_TYPE}`),
    );
  }
  const refused = refusedOn('web', method);
  if (refused) return sendJson(res, 403, fail('unsupported', refused));
  if (method === 'library.importBytes' && kind === 'wire') return options.upload(req, res);
  const max = options.maxCallBodyBytes;
  const body = await readBody(req, max);
  if (body === 'too-large') {
    return sendJson(res, 413, fail('file-too-large', `request over ${max} bytes`));
  }
  let input: unknown;
  try {
    input =
      body.byteLength === 0
        ? {}
        : kind === 'json'
          ? JSON.parse(body.toString('utf8'))
          : decodeCall(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
  } catch (e) {
    return sendJson(
      res,
      400,
      fail('invalid-input', `unreadable request body: ${(e as Error).message}`),
    );
  }
  // A client that closes its request before the answer: costly work for it alone stops.
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort('the client went away');
  });
  const result = await options.registry.callForTransport(method, input, gone.signal);
  sendResult(req, res, method, result);
}

/** A call's result, as JSON or (asked for, or holding bytes) in the envelope. */
function sendResult(
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  result: Result<unknown>,
): void {
  // Prevalidated JSON bytes are spliced in as they are (see shared/api/json-bytes.ts).
  if (result.ok && isJsonBytes(result.value)) {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.write('{"ok":true,"value":');
    res.write(result.value.$jsonBytes);
    res.end('}');
    return;
  }
  // Results holding bytes (a PDF original) travel in the same envelope as uploads.
  if (req.headers.accept === WIRE_TYPE) {
    res.writeHead(200, { 'content-type': WIRE_TYPE, 'cache-control': 'no-store' });
    res.end(encodeCall(result));
    return;
  }
  // JSON has no bytes: a 300 MB original would not even fit in a string.
  if (result.ok && holdsBytes(result.value)) {
    return sendJson(
      res,
      406,
      fail('invalid-input', `${method} answers bytes: ask with Accept: ${WIRE_TYPE}`),
    );
  }
  sendJson(res, 200, result);
}

/** Whether a result value carries a Uint8Array (at any depth of plain objects and arrays). */
function holdsBytes(value: unknown, depth = 0): boolean {
  if (value instanceof Uint8Array) return true;
  if (depth > 8 || typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((v) => holdsBytes(v, depth + 1));
}

/** A call's body, in memory up to `limit`; past it the rest is drained (the client gets 413). */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const body = bodyChunks(req);
  const tooLarge = () => {
    body.drain();
    return 'too-large' as const;
  };
  if (Number(req.headers['content-length'] ?? 0) > limit) return tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for (let next = await body.next(); !next.done; next = await body.next()) {
    size += next.value.length;
    if (size > limit) return tooLarge();
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}
