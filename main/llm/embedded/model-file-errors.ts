import { basename } from 'node:path';
import { WorkbenchError } from '../../../shared/api/result';

/** Why a GGUF header was refused (gguf-header-check.ts); ggufProblemError makes it a sentence. */
export type GgufProblem =
  | { kind: 'not-gguf' }
  /** The header is sound, but a tensor's data lies past the end of the file. */
  | { kind: 'cut-short'; tensor: string }
  | { kind: 'invalid'; reason: string };

/**
 * A model file that cannot be loaded becomes one sentence naming the file, what is wrong and
 * what to do. `reason` is what the GGUF reader threw or llama.cpp logged ("error loading model:
 * …"), which says more than node-llama-cpp's "Failed to load model".
 */
export function modelFileError(path: string, reason: string): WorkbenchError {
  const name = basename(path);
  // The file's first bytes are not repeated: the path may name any file on this machine.
  if (/Invalid GGUF magic/.test(reason)) {
    return new WorkbenchError(
      'llm-model-file',
      `${name} is not a GGUF model file (it does not start with "GGUF"); choose a .gguf file`,
    );
  }
  const arch = /unknown model architecture: '([^']*)'/.exec(reason);
  if (arch) {
    return new WorkbenchError(
      'llm-model-file',
      `${name} is a '${arch[1]}' model, an architecture this version of llama.cpp cannot run; choose a model of a supported architecture (llama, qwen2, mistral, gemma, phi3, …)`,
    );
  }
  const bounds = /tensor '([^']+)' data is not within the file bounds/.exec(reason);
  if (bounds) {
    return new WorkbenchError(
      'llm-model-file',
      `${name} is incomplete: tensor '${bounds[1]}' lies past the end of the file (a download cut short?); download it again`,
    );
  }
  if (/ENOENT/.test(reason)) {
    return new WorkbenchError('llm-model-file', `${name} does not exist (${path})`);
  }
  if (/EACCES|EPERM/.test(reason)) {
    return new WorkbenchError(
      'llm-model-file',
      `${name} cannot be read (${path}): permission denied`,
    );
  }
  if (/EISDIR/.test(reason)) {
    return new WorkbenchError('llm-model-file', `${path} is a folder; choose a .gguf file`);
  }
  if (/ENOTREGULAR/.test(reason)) {
    return new WorkbenchError(
      'llm-model-file',
      `${path} is not a regular file; choose a .gguf file`,
    );
  }
  return new WorkbenchError(
    'llm-model-file',
    `${name} is not a readable GGUF model (${oneLine(reason)}); the file is damaged or not a model: download it again`,
  );
}

/**
 * A header refused by gguf-header-check.ts, in the same sentences as the loader's refusals. The
 * reason is ours (names from the file quoted, printable, short), so it is not shortened.
 */
export function ggufProblemError(path: string, problem: GgufProblem): WorkbenchError {
  const name = basename(path);
  switch (problem.kind) {
    case 'not-gguf':
      return modelFileError(path, 'Invalid GGUF magic');
    case 'cut-short':
      return modelFileError(path, `tensor '${problem.tensor}' data is not within the file bounds`);
    case 'invalid':
      return new WorkbenchError(
        'llm-model-file',
        `${name} is not a readable GGUF model (${problem.reason}); the file is damaged or not a model: download it again`,
      );
  }
}

function oneLine(s: string): string {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}
