import type { ErrorCode } from '../../../shared/api/result';
import type { ChatMessage, EmbeddedModelInfo } from '../../../shared/llm/provider';

/**
 * Messages between the app and the model process (llm-process.ts), over the child's IPC
 * channel. One model per process; one generation at a time (the host queues the rest).
 */
export type ToModel =
  | {
      type: 'load';
      path: string;
      /** Tokens of context to open the model with (clamped to what it was trained for). */
      contextSize: number;
      /** CPU threads for llama.cpp (undefined: the library's default). */
      threads?: number;
      /** Refuse to load when the estimate is over this (the host passes free memory). */
      availableRamBytes: number;
      /** GPU offload when a GPU binary is installed and a device answers (default true). */
      gpu: boolean;
    }
  | {
      type: 'chat';
      id: number;
      messages: ChatMessage[];
      maxTokens: number;
      temperature?: number;
      topP?: number;
      seed?: number;
      stop: string[];
      /** Constrain the output to JSON (a llama.cpp grammar). */
      json: boolean;
    }
  | { type: 'cancel'; id: number };

export interface Timing {
  /** From the request reaching the model process to the first token. */
  firstTokenMs: number;
  totalMs: number;
  /** Generated tokens per second, first token excluded (the prompt's evaluation is in it). */
  tokensPerSecond: number;
}

export type FromModel =
  | { type: 'ready' }
  /** What the header says loading will take (weights and context), before loading starts. */
  | { type: 'estimate'; ramBytes: number }
  /** Resident memory, where the host cannot read it from /proc (not Linux). */
  | { type: 'memory'; rssBytes: number }
  | { type: 'loaded'; info: EmbeddedModelInfo }
  | { type: 'delta'; id: number; text: string }
  | {
      type: 'done';
      id: number;
      text: string;
      promptTokens: number;
      completionTokens: number;
      finishReason: 'stop' | 'length';
      timing: Timing;
    }
  | { type: 'cancelled'; id: number }
  /** id absent: the load failed. */
  | { type: 'error'; id?: number; code: ErrorCode; message: string };
