/**
 * The renderer's only door to main. Sandboxed preloads cannot require local modules, so this
 * file imports nothing but electron (and types). It exposes exactly `call` and `subscribe`.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { WorkbenchBridge } from '../../shared/api/bridge';

const CALL = 'workbench:call';
const EVENT = 'workbench:event';

const bridge: WorkbenchBridge = {
  call: (method, input) => ipcRenderer.invoke(CALL, method, input),
  subscribe: (event, handler) => {
    const listener = (_e: IpcRendererEvent, name: string, payload: unknown) => {
      if (name === event) handler(payload);
    };
    ipcRenderer.on(EVENT, listener);
    return () => {
      ipcRenderer.removeListener(EVENT, listener);
    };
  },
};

contextBridge.exposeInMainWorld('workbench', bridge);
