import { app, dialog, Menu, type BrowserWindow, type OpenDialogOptions } from 'electron';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Services } from '../services';
import { startServices } from '../services';
import { registerIpc } from './ipc';
import { startIdleMonitor } from './idle-monitor';
import { buildMenu } from './menu';
import { safeStorageCipher } from './safe-storage-cipher';
import { createMainWindow } from './windows';

/** Desktop entry: one workspace, one hardened window, the API over IPC. */
function workspaceArg(): string {
  const { values } = parseArgs({
    args: process.argv.slice(app.isPackaged ? 1 : 2),
    options: { workspace: { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  return typeof values.workspace === 'string'
    ? values.workspace
    : join(app.getPath('userData'), 'workspace');
}

let services: Services | undefined;
let mainWindow: BrowserWindow | undefined;
let stopIdleMonitor: (() => void) | undefined;

async function start(): Promise<void> {
  const showOpen = (options: OpenDialogOptions) =>
    mainWindow ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options);
  const pickFiles = async () => {
    const options = {
      properties: ['openFile', 'multiSelections'] as ('openFile' | 'multiSelections')[],
      filters: [
        { name: 'Filings and datasets', extensions: ['htm', 'html', 'pdf', 'json', 'jsonl'] },
        { name: 'All files', extensions: ['*'] },
      ],
    };
    const r = await showOpen(options);
    return r.canceled ? [] : r.filePaths;
  };
  // An embedded model's .gguf (the Models screen's Choose…).
  const pickModelFile = async () => {
    const r = await showOpen({
      properties: ['openFile'],
      filters: [{ name: 'GGUF models', extensions: ['gguf'] }],
    });
    return r.canceled ? null : (r.filePaths[0] ?? null);
  };
  try {
    services = await startServices({
      workspaceDir: workspaceArg(),
      host: { kind: 'electron', pickFiles, pickModelFile },
      secretCipher: safeStorageCipher(),
    });
  } catch (e) {
    dialog.showErrorBox('Filing Workbench cannot open its workspace', (e as Error).message);
    app.exit(1);
    return;
  }
  registerIpc(services);
  stopIdleMonitor = startIdleMonitor(services.bus);
  mainWindow = createMainWindow();
  mainWindow.on('closed', () => (mainWindow = undefined));
  Menu.setApplicationMenu(buildMenu(services, () => mainWindow));
}

app.enableSandbox();
if (!app.requestSingleInstanceLock()) app.quit();
app.on('second-instance', () => mainWindow?.focus());
app.on('window-all-closed', () => app.quit());
app.on('will-quit', () => {
  stopIdleMonitor?.();
  services?.close();
});
app.on('web-contents-created', (_e, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault());
});
app.whenReady().then(start, (e: unknown) => {
  dialog.showErrorBox('Filing Workbench failed to start', String(e));
  app.exit(1);
});
