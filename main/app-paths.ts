import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The app's root folder (the one holding package.json), found from this file so the same code
 * works from TypeScript sources (tests), from dist/ (CLI, web) and inside app.asar (Electron).
 */
export function appRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`package.json not found above ${__dirname}`);
    dir = up;
  }
  return dir;
}

export const rendererDir = () => join(appRoot(), 'dist', 'renderer');
export const sampleDir = () => join(appRoot(), 'assets', 'sample');

let version: string | undefined;
/** The app's version (package.json), recorded in run manifests, sessions and bundles. */
export function appVersion(): string {
  version ??= (
    JSON.parse(readFileSync(join(appRoot(), 'package.json'), 'utf8')) as { version: string }
  ).version;
  return version;
}
