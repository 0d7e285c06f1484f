import { BrowserWindow, ipcMain, type WebFrameMain } from 'electron';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../../shared/api/bridge';
import { fail } from '../../shared/api/result';
import type { Services } from '../services';
import { rendererIndexUrl } from './windows';

/** Only our own page may call the API; anything else (an injected frame) is refused. */
function isTrustedSender(frame: WebFrameMain | null): boolean {
  return frame !== null && frame.url.split('#')[0] === rendererIndexUrl();
}

export function registerIpc(services: Services): () => void {
  ipcMain.handle(IPC_CALL_CHANNEL, (event, method: unknown, input: unknown) => {
    if (!isTrustedSender(event.senderFrame))
      return fail('invalid-input', 'call from an untrusted frame');
    if (typeof method !== 'string') return fail('invalid-input', 'method must be a string');
    return services.registry.callForTransport(method, input);
  });
  const unsubscribe = services.bus.subscribe((name, payload) => {
    for (const win of BrowserWindow.getAllWindows())
      win.webContents.send(IPC_EVENT_CHANNEL, name, payload);
  });
  return () => {
    ipcMain.removeHandler(IPC_CALL_CHANNEL);
    unsubscribe();
  };
}
