import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandIndex } from '../../../main/cli/commands';
import { builtCli, ensureBuiltCli, repoRoot, sampleFiling } from '../../support/cli';
import { tempDir } from '../../support/temp-dir';

/**
 * What the built CLI loads: `--help` no command module (nor zod, SQLite, pdf.js, the services),
 * a command only its own module and what it needs. Read from require.cache at exit through a
 * preloaded script (modules loaded with import() are there too: they are CommonJS).
 */
describe('the CLI loads only the command it runs', () => {
  const t = tempDir('workbench-cli-loading-');
  const preload = join(t.dir, 'dump-modules.js');
  beforeAll(() => {
    ensureBuiltCli();
    writeFileSync(
      preload,
      `process.on('exit', () => require('node:fs').writeFileSync(process.env.WORKBENCH_DUMP_MODULES, JSON.stringify({ modules: Object.keys(require.cache), internals: process.moduleLoadList })));\n`,
    );
  });
  afterAll(() => t.cleanup());

  let runs = 0;
  function loaded(args: string[]): {
    code: number | null;
    stdout: string;
    modules: string[];
    internals: string[];
  } {
    const dump = join(t.dir, `modules-${++runs}.json`);
    const r = spawnSync(process.execPath, ['-r', preload, builtCli, ...args], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, WORKBENCH_DUMP_MODULES: dump },
    });
    const dumped = JSON.parse(readFileSync(dump, 'utf8')) as {
      modules: string[];
      internals: string[];
    };
    const modules = dumped.modules.filter((m) => m !== preload).map((m) => relative(repoRoot, m));
    return { code: r.status, stdout: r.stdout, modules, internals: dumped.internals };
  }

  const heavy = [
    /node_modules\/zod\//,
    /node_modules\/better-sqlite3\//,
    /node_modules\/pdfjs-dist\//,
    /node_modules\/htmlparser2\//,
    /^dist\/shared\/api\/contract\.js$/,
    /^dist\/main\/services\.js$/,
    /^dist\/main\/db\//,
  ];

  it('--help loads no command module, no zod contract, no SQLite, no pdf.js', () => {
    const r = loaded(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Commands:[\s\S]*ingest/);
    const commandModules = r.modules.filter((m) => m.startsWith('dist/main/cli/commands/'));
    expect(commandModules).toEqual(['dist/main/cli/commands/index.js']);
    for (const h of heavy) expect(r.modules.filter((m) => h.test(m))).toEqual([]);
    expect(r.modules.every((m) => m.startsWith('dist/'))).toBe(true); // no dependency at all
    expect(r.modules.length).toBeLessThan(15);
  });

  it('ingest of a small filing loads its command only, and parses on the main thread', () => {
    const out = join(t.dir, 'sample.json');
    const r = loaded(['ingest', sampleFiling, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('3 tables');
    expect(r.modules.filter((m) => m.startsWith('dist/main/cli/commands/'))).toEqual([
      'dist/main/cli/commands/index.js',
      'dist/main/cli/commands/ingest.js',
    ]);
    // No worker client, no workspace, no database, no pdf.js for an HTML filing.
    const unwanted = r.modules.filter(
      (m) =>
        /^dist\/main\/(document\/parse-in-worker|jobs\/run-in-worker|services|workspace\/workspace)\.js$/.test(
          m,
        ) || /node_modules\/(better-sqlite3|pdfjs-dist)\//.test(m),
    );
    expect(unwanted).toEqual([]);
    // Nor zod (the Document is checked by a parser generated from its schema), nor the parts
    // of htmlparser2 that build and print a DOM, nor its Parser: the reader drives its
    // Tokenizer itself (main/ingest/sec-html/html-events.ts).
    const unused = r.modules.filter(
      (m) =>
        /node_modules\/(zod|domhandler|domutils|dom-serializer)\//.test(m) ||
        m === 'node_modules/htmlparser2/dist/commonjs/Parser.js',
    );
    expect(unused).toEqual([]);
    // The Tokenizer and its entity decoder are in the reader's bundle, with its code cache
    // (main/build/bundle-cli-ingest.mjs): no file of either package is loaded on its own.
    expect(r.modules.filter((m) => /node_modules\/(htmlparser2|entities)\//.test(m))).toEqual([]);
    // Nor node's modules it has no use for: the command's module is required, not import()ed,
    // so node's ES module loader (its translators, cjs-module-lexer reading the module for its
    // export names) is not started; the file is read through node:fs, not node:fs/promises.
    expect(
      r.internals.filter((m) =>
        /esm\/(translators|module_job)|cjs-module-lexer|^NativeModule (internal\/)?fs\/promises$/.test(
          m,
        ),
      ),
    ).toEqual([]);
  });

  it('loads every command from the build, each by require', () => {
    const index = join(repoRoot, 'dist', 'main', 'cli', 'commands', 'index.js');
    const script = `require(${JSON.stringify(index)}).loadCommands().then((cs) => {
      process.stdout.write(JSON.stringify({ names: cs.map((c) => c.name), internals: process.moduleLoadList }));
    });`;
    const r = spawnSync(process.execPath, ['-e', script], { cwd: repoRoot, encoding: 'utf8' });
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { names: string[]; internals: string[] };
    expect(out.names).toEqual(commandIndex.map((e) => e.name));
    expect(out.internals.filter((m) => /esm\/translators/.test(m))).toEqual([]);
  }, 30_000);

  it("a command's own option before the command word still finds the command", () => {
    const r = loaded(['--port', '0', 'serve', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: workbench serve');
  });
});
