import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type * as ScriptModule from '../../../main/build/build-if-changed.mjs';

// main/build/build-if-changed.mjs is what `npm run web` and `npm start` run before starting: a second
// start with nothing changed must not build, and any changed input must.
type Script = typeof ScriptModule;
type Target = Script['TARGETS'][number];

let script: Script;
beforeAll(async () => {
  script = await import('../../../main/build/build-if-changed.mjs');
});

let root: string;
let builds: string[];
const target: Target = {
  name: 'app',
  inputDirs: ['src', 'shared'],
  inputFiles: ['app.config.json', 'package-lock.json'],
  outputs: ['out/app.js'],
  stamp: 'out/.build-stamp.json',
  commands: [['tool', 'build']],
};

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** Runs the check with a fake build that writes the output; returns whether it built. */
function start(t: Target = target): boolean {
  return script.ensureBuilt(root, t, {
    build: (b) => {
      builds.push(b.name);
      write('out/app.js', 'built');
    },
  });
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
  builds = [];
  write('src/a.ts', 'export const a = 1;');
  write('src/deep/b.ts', 'export const b = 2;');
  write('shared/c.ts', 'export const c = 3;');
  write('app.config.json', '{}');
  write('package-lock.json', '{"lockfileVersion":3}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build-if-changed', () => {
  it('builds the first time, not the second, and then reads no input', () => {
    expect(start()).toBe(true);
    expect(start()).toBe(false);
    expect(builds).toEqual(['app']);
    const check = script.checkTarget(root, target);
    expect(check).toMatchObject({ upToDate: true, filesRead: 0 });
  });

  it('rebuilds when a source, a config, the lock file or a nested file changes', () => {
    start();
    for (const path of ['src/a.ts', 'app.config.json', 'package-lock.json', 'src/deep/b.ts']) {
      write(path, `changed ${path}`);
      expect(script.checkTarget(root, target).reason).toMatch(/1 input changed/);
      expect(start()).toBe(true);
      expect(start()).toBe(false);
    }
    expect(builds).toHaveLength(5);
  });

  it('rebuilds when a file is added or removed', () => {
    start();
    write('shared/new.ts', 'export {};');
    expect(start()).toBe(true);
    rmSync(join(root, 'shared/new.ts'));
    expect(start()).toBe(true);
    rmSync(join(root, 'app.config.json'));
    expect(start()).toBe(true);
    expect(start()).toBe(false);
  });

  it('does not rebuild when only mtimes changed (a git checkout of the same bytes)', () => {
    start();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src/a.ts'), later, later);
    write('shared/c.ts', 'export const c = 3;'); // rewritten, same bytes
    utimesSync(join(root, 'shared/c.ts'), later, later);
    const check = script.checkTarget(root, target);
    expect(check).toMatchObject({ upToDate: true, filesRead: 2 });
    expect(start()).toBe(false);
    // The new mtimes were recorded: the next start reads nothing.
    expect(script.checkTarget(root, target).filesRead).toBe(0);
    expect(builds).toHaveLength(1);
  });

  it('rebuilds when the output or the stamp is missing, or the build command changed', () => {
    start();
    rmSync(join(root, 'out/app.js'));
    expect(script.checkTarget(root, target).reason).toBe('out/app.js is missing');
    expect(start()).toBe(true);
    rmSync(join(root, target.stamp));
    expect(start()).toBe(true);
    expect(start({ ...target, commands: [['tool', 'build', '--minify']] })).toBe(true);
    expect(builds).toHaveLength(4);
  });

  it('a failed build leaves no stamp, so the next start builds again', () => {
    start();
    write('src/a.ts', 'broken');
    expect(() =>
      script.ensureBuilt(root, target, {
        build: () => {
          throw new Error('tsc failed');
        },
      }),
    ).toThrow('tsc failed');
    expect(start()).toBe(true);
  });

  it('an input edited during the build makes the next start build again', () => {
    start();
    write('src/a.ts', 'v2');
    script.ensureBuilt(root, target, {
      build: () => {
        builds.push('app');
        write('src/a.ts', 'v3 (saved while building)');
      },
    });
    expect(start()).toBe(true);
    expect(builds).toHaveLength(3);
  });

  it('the real targets cover the sources, configs and lock file the builds read', () => {
    const [main, renderer] = script.TARGETS;
    expect(main?.inputDirs).toEqual(['main', 'shared']);
    expect(renderer?.inputDirs).toEqual(['renderer', 'shared']);
    for (const t of script.TARGETS)
      expect(t.inputFiles).toEqual(
        expect.arrayContaining(['package-lock.json', 'package.json', 'tsconfig.base.json']),
      );
    expect(main?.inputFiles).toContain('tsconfig.main.json');
    expect(renderer?.inputFiles).toEqual(
      expect.arrayContaining(['vite.config.mts', 'tsconfig.renderer.json']),
    );
  });
});
