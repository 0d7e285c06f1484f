import type { Result } from './result';

/**
 * What the Electron preload exposes as `window.workbench`. The renderer's web transport
 * implements the same shape over HTTP + SSE, so the rest of the renderer cannot tell them apart.
 */
export interface WorkbenchBridge {
  call(method: string, input: unknown): Promise<Result<unknown>>;
  subscribe(event: string, handler: (payload: unknown) => void): () => void;
}

export const IPC_CALL_CHANNEL = 'workbench:call';
export const IPC_EVENT_CHANNEL = 'workbench:event';
