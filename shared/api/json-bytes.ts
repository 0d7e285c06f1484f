/**
 * A call's answer that is already JSON, as UTF-8 bytes, checked against its schema where it was
 * made (a parsed document is validated in the parse worker and cached as bytes). Transports
 * pass the bytes through untouched: a 300 MB filing's model is ~160 MB of JSON, and parsing,
 * validating and re-serialising it on the main thread froze the API for seconds. The marker is
 * a plain object so it survives Electron's structured clone; the renderer's client expands it.
 */
export interface JsonBytes<T> {
  readonly $jsonBytes: Uint8Array;
  /** Type only: what the bytes decode to. */
  readonly decodesTo?: T;
}

export const jsonBytes = <T>(bytes: Uint8Array): JsonBytes<T> => ({ $jsonBytes: bytes });

export function isJsonBytes(value: unknown): value is JsonBytes<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { $jsonBytes?: unknown }).$jsonBytes instanceof Uint8Array
  );
}

/** The value itself, decoding and parsing the bytes when it is a marker. */
export function expandJsonBytes(value: unknown): unknown {
  return isJsonBytes(value)
    ? (JSON.parse(new TextDecoder().decode(value.$jsonBytes)) as unknown)
    : value;
}
