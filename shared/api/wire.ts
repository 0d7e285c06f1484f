/**
 * How a call's input crosses HTTP in web mode. JSON cannot carry bytes, and base64 would
 * inflate a 300 MB filing by a third, so binary values travel after the JSON:
 *   [uint32 BE length of JSON][JSON with {"$blob": i} placeholders][blob 0][blob 1]...
 * Electron IPC needs none of this: structured clone carries Uint8Array as is.
 */
const BLOB = '$blob';

/** Content type of the envelope, for request bodies and (when asked for) responses. */
export const WIRE_TYPE = 'application/x-workbench-call';

export function encodeCall(input: unknown): Uint8Array {
  const blobs: Uint8Array[] = [];
  const json = JSON.stringify(input, (_key, value: unknown) => {
    if (value instanceof Uint8Array) {
      blobs.push(value);
      return { [BLOB]: blobs.length - 1, length: value.byteLength };
    }
    return value;
  });
  const head = new TextEncoder().encode(json);
  const total = 4 + head.byteLength + blobs.reduce((n, b) => n + b.byteLength, 0);
  const out = new Uint8Array(total);
  new DataView(out.buffer).setUint32(0, head.byteLength);
  out.set(head, 4);
  let at = 4 + head.byteLength;
  for (const b of blobs) {
    out.set(b, at);
    at += b.byteLength;
  }
  return out;
}

export function decodeCall(body: Uint8Array): unknown {
  if (body.byteLength < 4) throw new Error('request body is too short');
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const headLength = view.getUint32(0);
  if (4 + headLength > body.byteLength) throw new Error('request body is truncated');
  const { value, blobs: placeholders } = parseHead(body.subarray(4, 4 + headLength));
  let at = 4 + headLength;
  // Blobs are appended in the order they were met while stringifying, which is index order.
  const blobs = new Map<number, Uint8Array>();
  for (const p of [...placeholders].sort((a, b) => a.index - b.index)) {
    if (at + p.length > body.byteLength) throw new Error('request body is truncated');
    blobs.set(p.index, body.subarray(at, at + p.length));
    at += p.length;
  }
  return revive(value, blobs);
}

/** A blob the envelope's JSON head announces: its index and its length in bytes. */
export interface BlobRef {
  index: number;
  length: number;
}

/**
 * The envelope's JSON head (the bytes after the 4-byte length), with its blob placeholders
 * left in place: a server streaming an upload reads this first and the blob bytes afterwards.
 */
export function parseHead(head: Uint8Array): { value: unknown; blobs: BlobRef[] } {
  const blobs: BlobRef[] = [];
  const value: unknown = JSON.parse(new TextDecoder().decode(head), (_key, v: unknown) => {
    if (isPlaceholder(v)) blobs.push({ index: v[BLOB], length: v.length });
    return v;
  });
  return { value, blobs };
}

/** The blob `value` stands for, if it is a placeholder. */
export function blobRef(value: unknown): BlobRef | undefined {
  return isPlaceholder(value) ? { index: value[BLOB], length: value.length } : undefined;
}

function isPlaceholder(v: unknown): v is { [BLOB]: number; length: number } {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as Record<string, unknown>)[BLOB] === 'number' &&
    typeof (v as Record<string, unknown>).length === 'number' &&
    Object.keys(v).length === 2
  );
}

function revive(value: unknown, blobs: Map<number, Uint8Array>): unknown {
  if (isPlaceholder(value)) return blobs.get(value[BLOB]);
  if (Array.isArray(value)) return value.map((v) => revive(v, blobs));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v, blobs)]));
  }
  return value;
}
