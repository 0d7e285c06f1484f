/**
 * A call's answer that is already JSON text, checked against its schema when it was made (a
 * parsed document is validated in the parse worker and cached as text). Transports pass the
 * text through untouched: a 300 MB filing's model is ~160 MB of JSON, and parsing, validating
 * and re-serialising it on the main thread froze the API for seconds. The marker is a plain
 * object so it survives Electron's structured clone; the renderer's client expands it.
 */
export interface JsonText<T> {
  readonly $jsonText: string;
  /** Type only: what the text decodes to. */
  readonly decodesTo?: T;
}

export const jsonText = <T>(text: string): JsonText<T> => ({ $jsonText: text });

export function isJsonText(value: unknown): value is JsonText<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { $jsonText?: unknown }).$jsonText === 'string'
  );
}

/** The value itself, parsing the text when it is a marker. */
export function expandJsonText(value: unknown): unknown {
  return isJsonText(value) ? (JSON.parse(value.$jsonText) as unknown) : value;
}
