import type { WorkbenchBridge } from '../../shared/api/bridge';
import { createClient, type ApiClient } from './client-core';
import { httpBridge } from './http-bridge';

export type { ApiClient } from './client-core';

declare global {
  interface Window {
    /** Present only inside Electron, set by main/electron/preload.ts. */
    workbench?: WorkbenchBridge;
  }
}

/** The browser's client: Electron's preload bridge when present, else HTTP + SSE (web mode). */
export const api: ApiClient = window.workbench
  ? createClient(window.workbench, 'electron')
  : createClient(httpBridge(), 'web');
