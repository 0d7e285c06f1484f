import { dialog, Menu, shell, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import type { ImportReport } from '../../shared/library/document';
import type { Services } from '../services';

/** The native menu; commands go through the same API registry as the renderer's buttons. */
export function buildMenu(services: Services, getWindow: () => BrowserWindow | undefined): Menu {
  const runImport = async (method: 'library.pickAndImport' | 'library.importSample') => {
    const result = await services.registry.call(method, {});
    const failures = result.ok ? (result.value as ImportReport).items.filter((i) => !i.ok) : [];
    const message = !result.ok
      ? result.error.message
      : failures.map((f) => (f.ok ? '' : f.error.message)).join('\n');
    const win = getWindow();
    if (message && win)
      await dialog.showMessageBox(win, {
        type: 'warning',
        message: 'Some files were not imported',
        detail: message,
      });
  };
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        {
          label: 'Import Files…',
          accelerator: 'CmdOrCtrl+O',
          click: () => void runImport('library.pickAndImport'),
        },
        { label: 'Import Sample Filing', click: () => void runImport('library.importSample') },
        {
          label: 'Show Workspace Folder',
          click: () => void shell.openPath(services.workspace.dir),
        },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ role: 'about' }] },
  ];
  return Menu.buildFromTemplate(template);
}
