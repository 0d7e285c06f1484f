import type { Method } from '../../shared/api/contract';

/** Who is calling the API: the Electron renderer over IPC, a browser over HTTP, or the CLI. */
export type Transport = 'electron' | 'web' | 'cli';

/**
 * Methods whose input names files on the machine running the app. The desktop user and the CLI
 * user are that machine's user; a browser talking to web mode is only a page, which uploads
 * the bytes it has instead (`library.importBytes`, then `datasets.importDocument`). A new
 * method taking a path belongs here (a test checks every input field named like a path is).
 */
export const serverPathMethods: ReadonlySet<Method> = new Set<Method>([
  'library.importPaths',
  'datasets.import',
  'sessions.exportBundle',
  'sessions.importBundle',
  'runs.import',
]);

/** Why `method` is not available over `transport`, or undefined when it is. */
export function refusedOn(transport: Transport, method: string): string | undefined {
  if (transport === 'web' && serverPathMethods.has(method as Method)) {
    return `${method} reads files by path on the server and is not available in web mode; upload the file instead`;
  }
  return undefined;
}
