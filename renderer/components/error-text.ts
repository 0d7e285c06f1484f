import type { ApiError } from '../../shared/api/result';

/**
 * A headline for each way an ask or a connection can fail; main's message (which names the
 * endpoint and the specifics) is shown under it.
 */
const HEADLINES: Partial<Record<ApiError['code'], string>> = {
  'llm-unauthorized': 'The server refused the API key',
  'llm-unreachable': 'The model server could not be reached',
  'llm-timeout': 'The model server took too long to answer',
  'llm-rate-limited': 'The model server kept refusing: rate limited',
  'llm-server-error': 'The model server failed',
  'llm-bad-response': 'The model server answered something unreadable',
  'llm-context-length': "The prompt is longer than the model's context window",
  'llm-model-not-found': 'The server does not have this model',
  'llm-offline': 'Offline mode: only servers on this machine are allowed',
  'llm-model-file': 'The model file cannot be loaded',
  'llm-out-of-memory': 'This machine does not have the memory for this model',
  cancelled: 'Cancelled',
  unsupported: 'Not supported',
  'not-found': 'Not found',
  'invalid-input': 'The request was refused',
};

/** What to do about it, where there is something to do. */
const HINTS: Partial<Record<ApiError['code'], string>> = {
  'llm-unauthorized': 'Check the key on the Models screen.',
  'llm-unreachable': 'Is the server running, and is the base URL right? Try Test connection.',
  'llm-timeout': "Raise the provider's timeout on the Models screen, or try a smaller model.",
  'llm-rate-limited': 'Wait a little, or lower the number of samples.',
  'llm-context-length': 'Ask with fewer retrieved hits (k) or a model with a longer window.',
  'llm-model-not-found': 'Pick a model the server lists (Test connection shows them).',
  'llm-model-file':
    'Choose a .gguf model file that is complete and of an architecture llama.cpp knows.',
  'llm-out-of-memory': 'Close other programs, choose a smaller quantisation, or a smaller context.',
  'llm-offline': 'Turn offline mode off on the Models screen to use a remote server.',
};

export const errorHeadline = (e: ApiError) => HEADLINES[e.code] ?? 'Something went wrong';
export const errorHint = (e: ApiError) => HINTS[e.code];
