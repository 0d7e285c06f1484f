// Limits that keep one bad record from stalling a grading run: a model that looped for a
// megabyte is graded as an error, not scanned by every regex we have.

/** Longest model output we grade, in characters. */
export const MAX_OUTPUT_CHARS = 100_000;

/** Longest JSONL line we parse, in characters. */
export const MAX_LINE_CHARS = 5_000_000;

export function tooLong(text: string): string | undefined {
  return text.length > MAX_OUTPUT_CHARS
    ? `output too large (${text.length} characters > ${MAX_OUTPUT_CHARS})`
    : undefined;
}
