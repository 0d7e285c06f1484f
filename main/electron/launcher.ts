/**
 * `npm start`: runs under plain Node, prepares what Electron needs, then launches it.
 *
 * better-sqlite3 is a V8-ABI addon. node_modules keeps the Node build (tests, CLI, web mode);
 * Electron gets its own build, compiled once per Electron version into node_modules/.cache and
 * handed over through WORKBENCH_SQLITE_BINDING (better-sqlite3's `nativeBinding` option). So
 * `npm start` and `npm test` never overwrite each other's binary.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { appRoot } from '../app-paths';
import { explainGypFailure, nodeTooOldForElectron } from '../util/gyp-failure';

const troubleshooting = `
Electron's binary could not be found or downloaded. Check your internet connection, then:
  rm -rf node_modules/electron && npm install
Behind a proxy or mirror, set ELECTRON_MIRROR (see https://www.electronjs.org/docs/latest/tutorial/installation).
Without Electron you can use the same app in a browser: npm run web`;

// Resolved at run time: the electron package's index downloads the binary lazily.
const load = createRequire(__filename);

function electronVersion(): string {
  return (load('electron/package.json') as { version: string }).version;
}

export function electronBindingPath(root: string, version: string): string {
  return join(
    root,
    'node_modules',
    '.cache',
    'filing-workbench',
    `electron-${version}-${process.platform}-${process.arch}`,
    'better_sqlite3.node',
  );
}

function buildElectronBinding(target: string, version: string): void {
  const source = dirname(require.resolve('better-sqlite3/package.json'));
  const stage = join(dirname(target), 'better-sqlite3');
  rmSync(stage, { recursive: true, force: true });
  cpSync(source, stage, {
    recursive: true,
    filter: (p) => !p.startsWith(join(source, 'build') + sep) && p !== join(source, 'build'),
  });
  // npm's own nodedir setting would make node-gyp build against Node's headers instead.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^npm_config_(nodedir|target|runtime|disturl|dist_url)$/i.test(k),
    ),
  );
  console.error(`Building better-sqlite3 for Electron ${version} (once per Electron version)…`);
  const gyp = spawnSync(
    process.execPath,
    [
      require.resolve('node-gyp/bin/node-gyp.js'),
      'rebuild',
      '--release',
      `--target=${version}`,
      '--runtime=electron',
      '--dist-url=https://electronjs.org/headers',
    ],
    // Output is kept (and shown) so a failure can be explained: download, Python or compiler.
    { cwd: stage, stdio: ['inherit', 'pipe', 'pipe'], env, encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  process.stderr.write(gyp.stdout ?? '');
  process.stderr.write(gyp.stderr ?? '');
  if (gyp.status !== 0) {
    throw new Error(
      `${explainGypFailure(`${gyp.stdout ?? ''}\n${gyp.stderr ?? ''}`, version)} (node-gyp exit ${gyp.status ?? gyp.signal})`,
    );
  }
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(join(stage, 'build', 'Release', 'better_sqlite3.node'), target);
  rmSync(stage, { recursive: true, force: true });
}

function main(): void {
  const root = appRoot();
  const version = electronVersion();
  if (nodeTooOldForElectron(process.versions.node))
    console.error(
      `Warning: Electron ${version}'s npm package needs Node >= 22.12 and this is Node ${process.versions.node}; if npm start fails, upgrade Node (the CLI, web mode and tests run on Node 20.19+: npm run web)`,
    );
  const binding = electronBindingPath(root, version);
  if (!existsSync(binding)) buildElectronBinding(binding, version);
  let electronPath: string;
  try {
    electronPath = load('electron') as string;
  } catch (e) {
    console.error(`${(e as Error).message}\n${troubleshooting}`);
    process.exit(1);
  }
  const child = spawn(electronPath, [root, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, WORKBENCH_SQLITE_BINDING: binding },
  });
  child.on('error', (e) => {
    console.error(`${e.message}\n${troubleshooting}`);
    process.exit(1);
  });
  child.on('exit', (code) => process.exit(code ?? 1));
}

if (require.main === module) {
  try {
    main();
  } catch (e) {
    console.error(`npm start failed: ${(e as Error).message}`);
    process.exit(1);
  }
}
