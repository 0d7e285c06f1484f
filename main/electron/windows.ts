import { BrowserWindow, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rendererDir } from '../app-paths';

export const rendererIndexUrl = () => pathToFileURL(join(rendererDir(), 'index.html')).href;

/** One hardened window: no Node, sandboxed, isolated, no popups, no navigation away. */
export function createMainWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 800,
    minHeight: 500,
    title: 'Filing Workbench',
    show: false,
    webPreferences: {
      preload: join(__dirname, 'preload.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (url !== rendererIndexUrl()) event.preventDefault();
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(rendererIndexUrl());
  return win;
}
