import type { TranscriptLine } from '../../shared/runs/transcript';

/** One JSON object per line (docs/transcript-jsonl.md); `\n` ends every line, the last too. */
export async function* jsonlPieces(lines: AsyncIterable<TranscriptLine>): AsyncGenerator<string> {
  for await (const line of lines) yield `${JSON.stringify(line)}\n`;
}
