import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFile } from '../../../main/document/ingest-file';
import { ensureBuiltCli, repoRoot, sampleFiling } from '../../support/cli';
import { dataPath, hasData } from '../../support/data-dir';
import { tempDir } from '../../support/temp-dir';

/**
 * `workbench ingest` reads through the one-file bundle `npm run build:main` writes, with its V8
 * code cache (main/build/bundle-cli-ingest.mjs, main/cli/ingest-file-bundle.ts): the same
 * Document as the modules, byte for byte, and the modules again when the bundle is out of date.
 */
const distDocument = join(repoRoot, 'dist', 'main', 'document');
const loaderFile = join(repoRoot, 'dist', 'main', 'cli', 'ingest-file-bundle.js');
// The sample, a small fixture, and a real inline XBRL filing when the data is at hand
const filings = [
  sampleFiling,
  join(repoRoot, 'test', 'integration', 'ingest', 'fixtures', 'small-10q.html'),
  ...(hasData ? [dataPath('sec', 'AAPL_10-Q_2025Q1', 'aapl-20250329.htm')] : []),
];

/** In a fresh node: loads ingestFile as the CLI does, reads FILES, prints where it came from. */
function readThroughLoader(loader: string, files: string[]) {
  const script = `
    const l = require(${JSON.stringify(loader)});
    l.loadIngestFile().then(async (m) => {
      const docs = [];
      for (const f of ${JSON.stringify(files)}) docs.push(await m.ingestFile(f));
      const walkerModules = Object.keys(require.cache).filter((k) => k.includes('sec-html'));
      process.stdout.write(JSON.stringify({ origin: l.ingestFileOrigin(), walkerModules, docs }));
    });`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as { origin: string; walkerModules: string[]; docs: unknown[] };
}

describe('the CLI reads filings through the bundled reader', () => {
  const t = tempDir('workbench-ingest-bundle-');
  beforeAll(() => ensureBuiltCli());
  afterAll(() => t.cleanup());

  it('uses the bundle and its code cache, and writes what the modules write', async () => {
    expect(
      existsSync(join(distDocument, 'ingest-file.bundle.js')),
      'no bundle in dist/: npm run build:main writes it after tsc',
    ).toBe(true);
    const r = readThroughLoader(loaderFile, filings);
    expect(r.origin).toBe('bundle with its code cache');
    expect(r.walkerModules).toEqual([]); // the reader's own modules were not loaded
    for (const [i, file] of filings.entries())
      expect(JSON.stringify(r.docs[i])).toBe(JSON.stringify(await ingestFile(file)));
  }, 30_000);

  it('caches every function of the bundle, not only those the sample filing runs', () => {
    // A cache made as before (compiled lazily, then the sample read), in a fresh node
    const script = `
      const { readFileSync } = require('node:fs');
      const l = require(${JSON.stringify(loaderFile)});
      const file = ${JSON.stringify(join(distDocument, 'ingest-file.bundle.js'))};
      l.tuneV8ForOneShot();
      const s = l.compileBundle(readFileSync(file, 'utf8'), file);
      l.runBundle(s, file).ingestFile(${JSON.stringify(sampleFiling)}).then(() =>
        process.stdout.write(String(s.createCachedData().length)));`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const lazyBytes = Number(r.stdout);
    const shipped = statSync(join(distDocument, 'ingest-file.bundle.cache')).size;
    // the functions a 10-K reaches beyond the sample are in it too (about a quarter more)
    expect(shipped).toBeGreaterThan(lazyBytes * 1.1);
  }, 30_000);

  it("fills entities' HTML decode table with a loop, to the same table as the package's", () => {
    const source = readFileSync(join(distDocument, 'ingest-file.bundle.js'), 'utf8');
    // The bundled module's body: from its name to the end of its function
    const start = source.indexOf('generated/decode-data-html.js"(exports2) {');
    expect(start, 'the decode table is not in the bundle').toBeGreaterThan(0);
    const body = source.slice(source.indexOf('{', start) + 1, source.indexOf('\n  }\n', start));
    expect(body).toContain('a[i] = s.charCodeAt(i)');
    expect(body).not.toContain('.split(""');
    const bundled: { htmlDecodeTree?: Uint16Array } = {};
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the bundle's own code, run as the bundle runs it
    const init = new Function('exports2', body) as (exports: object) => void;
    init(bundled);
    const requireFromTokenizer = createRequire(require.resolve('htmlparser2'));
    const stock = requireFromTokenizer('entities/decode') as { htmlDecodeTree: Uint16Array };
    expect(bundled.htmlDecodeTree).toEqual(stock.htmlDecodeTree);
  });

  it('loads the modules tsc wrote when they are newer than the bundle, else the bundle', () => {
    // A copy of the loader beside a bundle older than "tsc's" module (a stand-in that says so).
    mkdirSync(join(t.dir, 'cli'));
    mkdirSync(join(t.dir, 'document'));
    const loader = join(t.dir, 'cli', 'ingest-file-bundle.js');
    copyFileSync(loaderFile, loader);
    const bundle = join(t.dir, 'document', 'ingest-file.bundle.js');
    writeFileSync(bundle, 'exports.ingestFile = async () => "bundle";\n');
    writeFileSync(
      join(t.dir, 'document', 'ingest-file.js'),
      'exports.ingestFile = async () => "modules";\n',
    );
    utimesSync(bundle, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const stale = readThroughLoader(loader, ['x']);
    expect(stale).toMatchObject({ origin: 'modules', docs: ['modules'] });
    // Newer than the module, with no code cache beside it: the bundle, compiled as usual
    utimesSync(bundle, new Date(Date.now() + 60_000), new Date(Date.now() + 60_000));
    const fresh = readThroughLoader(loader, ['x']);
    expect(fresh).toMatchObject({ origin: 'bundle', docs: ['bundle'] });
  }, 30_000);
});
