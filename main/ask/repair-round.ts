import type { ChatMessage } from '../../shared/llm/provider';

/** What the repair round says about a first attempt that could not be used. */
export interface RepairRequest {
  /** One line for the `ask.progress` event. */
  line: string;
  /** The user message sent back to the model with its first output. */
  message: string;
}

/**
 * A program-mode sample's generation: the model answers, the answer is tried, and on any
 * problem the model is asked once more with its first output and what went wrong. Both the
 * JavaScript and the Python PoT samples share this round, so they repair alike.
 */
export async function withOneRepair<A extends { problem?: unknown }>(
  messages: ChatMessage[],
  call: (msgs: ChatMessage[]) => Promise<string>,
  attempt: (output: string) => Promise<A>,
  request: (problem: NonNullable<A['problem']>) => RepairRequest,
  onRepair: (line: string) => void,
): Promise<{ output: string; tried: A; repaired: boolean }> {
  const first = await call(messages);
  const tried = await attempt(first);
  if (!tried.problem) return { output: first, tried, repaired: false };
  const { line, message } = request(tried.problem);
  onRepair(line);
  const output = await call([
    ...messages,
    { role: 'assistant', content: first },
    { role: 'user', content: message },
  ]);
  return { output, tried: await attempt(output), repaired: true };
}
