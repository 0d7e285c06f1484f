import { homedir } from 'node:os';
import { join } from 'node:path';

/** Same folder Electron's app.getPath('userData') gives, so CLI, web mode and desktop share it. */
export const productName = 'Filing Workbench';

export function defaultWorkspaceDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.WORKBENCH_WORKSPACE) return env.WORKBENCH_WORKSPACE;
  return join(userDataDir(env), 'workspace');
}

function userDataDir(env: NodeJS.ProcessEnv): string {
  switch (process.platform) {
    case 'darwin':
      return join(homedir(), 'Library', 'Application Support', productName);
    case 'win32':
      return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), productName);
    default: // linux and the BSDs follow XDG
      return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), productName);
  }
}
