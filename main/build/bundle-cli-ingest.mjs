// @ts-check
/**
 * `npm run build:main`, after tsc: the reader as one file for `workbench ingest`, with a V8 code
 * cache beside it (docs/BENCHMARKS.md, "CLI ingest: one file and a code cache").
 *
 * A cold CLI ingest runs the reader's code once, before V8 has optimized any of it, so how the
 * code is laid out counts: tsc's CommonJS output reaches every imported function through its
 * module's exports object (`(0, cell_unit_1.headOf)(t)`), a property load that cold code does on
 * each call, and loads some 45 files one by one. esbuild joins them into
 * `dist/main/document/ingest-file.bundle.js`, where such calls are plain function calls; and
 * `ingest-file.bundle.cache` holds V8's compiled bytecode of every function in that file
 * (compiled eagerly, then run on the sample filing), so the next process need not compile them.
 * `main/cli/ingest-file-bundle.ts` loads them, or the modules tsc wrote when they are missing,
 * older than tsc's output or refused by V8 (another node version).
 *
 * Modules with identity or state stay outside the bundle and are required from dist/ as before:
 * `WorkbenchError` (the CLI checks `instanceof`), the process-wide job list that Ctrl-C sets
 * (`main/jobs/live`), packages (but htmlparser2's Tokenizer and its entity decoder: see
 * bundleTokenizer), and whatever ingestFile imports on demand (pdf.js, the parse worker, zod's
 * Document schema).
 *
 * Plain JavaScript like build-if-changed.mjs (type-checked through tsconfig.test.json).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import process from 'node:process';
import { setFlagsFromString } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = join(root, 'main', 'document', 'ingest-file.ts');
const outDir = join(root, 'dist', 'main', 'document');
export const bundleFile = join(outDir, 'ingest-file.bundle.js');
export const cacheFile = join(outDir, 'ingest-file.bundle.cache');
/** Read once to fill the code cache: the Library's own sample filing. */
const trainingFiling = join(root, 'assets', 'sample', 'northwind-instruments-10-k-2025.html');

/** Sources whose module must be the one the rest of the CLI loads (identity or state). */
const sharedModules = new Set(
  ['shared/api/result.ts', 'main/jobs/live.ts'].map((p) => join(root, p)),
);

/** @type {import('esbuild').Plugin} */
const keepShared = {
  name: 'keep-shared-modules-outside',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const source = resolve(args.resolveDir, args.path.replace(/\.js$/, ''));
      const ts = source.endsWith('.ts') ? source : `${source}.ts`;
      // Loaded on demand by ingestFile: stays a separate module, loaded only then.
      const onDemand = args.kind === 'dynamic-import';
      if (!onDemand && !sharedModules.has(ts)) return undefined;
      const compiled = join(root, 'dist', relative(root, ts)).replace(/\.ts$/, '.js');
      let path = relative(outDir, compiled);
      if (!path.startsWith('.')) path = `./${path}`;
      return { path, external: true };
    });
  },
};

/**
 * htmlparser2's Tokenizer and the entity decoder it requires, inside the bundle too: loaded
 * with it (no module resolution and file reads for their 6 files at run time) and in its code
 * cache (no compiling of their functions). main/ingest/sec-html/html-parser.ts finds the
 * Tokenizer's file beside the package's index at run time; here that module is replaced by one
 * exporting the same file's class, which esbuild bundles, and the decoder's package (a require
 * inside that file) is resolved from the Tokenizer's folder, as node would. Same files, same
 * code: only where they load from changes.
 */
const tokenizerModule = join(root, 'main', 'ingest', 'sec-html', 'html-parser.ts');
const requireHere = createRequire(import.meta.url);
const tokenizerFile = join(dirname(requireHere.resolve('htmlparser2')), 'Tokenizer.js');

/** @type {import('esbuild').Plugin} */
const bundleTokenizer = {
  name: 'bundle-htmlparser2-tokenizer',
  setup(b) {
    b.onResolve({ filter: /\/html-parser(\.js)?$/ }, (args) => {
      const source = resolve(args.resolveDir, args.path.replace(/\.js$/, ''));
      if (`${source}.ts` !== tokenizerModule) return undefined;
      return { path: tokenizerModule, namespace: 'bundled-tokenizer' };
    });
    b.onLoad({ filter: /.*/, namespace: 'bundled-tokenizer' }, () => ({
      contents: `export { default as Tokenizer } from ${JSON.stringify(tokenizerFile)};`,
      loader: 'js',
      resolveDir: dirname(tokenizerFile),
    }));
    b.onResolve({ filter: /^entities\// }, (args) => {
      if (!args.importer.startsWith(dirname(tokenizerFile))) return undefined;
      return { path: createRequire(args.importer).resolve(args.path) };
    });
  },
};

/**
 * entities' HTML decode table (the Tokenizer's, for `&name;` references) is a Uint16Array made
 * from a 15,242-character string by `.split("").map((c) => c.charCodeAt(0))`: as many one-letter
 * strings and arrow calls, run cold by every CLI ingest (a few ms of CPU). In the bundle the same
 * string fills the same array by a loop over its char codes. Same table, element for element
 * (test/integration/ingest/cli-ingest-bundle.test.ts); should a new entities version write it
 * otherwise, its file is bundled as it is, with a warning.
 */
const decodeTableFile = /[\\/]entities[\\/].*[\\/]generated[\\/]decode-data-html\.js$/;
const splitIntoCodes = /\s*\.split\(""\)\s*\.map\(\(c\) => c\.charCodeAt\(0\)\)\);/;
const decodeTableLoop =
  '((s) => { const a = new Uint16Array(s.length); for (let i = 0; i < s.length; i++) a[i] = s.charCodeAt(i); return a; })(';

/** @type {import('esbuild').Plugin} */
const decodeTableByLoop = {
  name: 'entities-decode-table-by-loop',
  setup(b) {
    b.onLoad({ filter: decodeTableFile }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const start = source.indexOf('new Uint16Array(');
      const end = source.search(splitIntoCodes);
      if (start < 0 || end < start) {
        process.stderr.write(
          `bundle-cli-ingest: ${args.path} is not as expected; bundled as it is\n`,
        );
        return undefined;
      }
      const literal = source.slice(start + 'new Uint16Array('.length, end);
      const after = source.slice(end).replace(splitIntoCodes, ');');
      return {
        contents: `${source.slice(0, start)}${decodeTableLoop}${literal}${after}`,
        loader: 'js',
      };
    });
  },
};

async function bundle() {
  await build({
    entryPoints: [entry],
    outfile: bundleFile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    plugins: [bundleTokenizer, decodeTableByLoop, keepShared],
    logLevel: 'warning',
    legalComments: 'none',
    // import() of what stays outside becomes require(): the bundle runs as a vm.Script
    // (for the code cache), which has no loader for import().
    supported: { 'dynamic-import': false },
  });
}

/**
 * Runs the bundle on the sample filing in this process, as the CLI would load it, then writes
 * V8's code for every function compiled so far. Same node and V8 flags as a plain `node`
 * run of the CLI; a process with other flags gets the cache refused and compiles as usual.
 */
/**
 * @typedef {object} BundleLoader main/cli/ingest-file-bundle.ts, as tsc compiled it
 * @property {() => void} tuneV8ForOneShot
 * @property {(source: string, filename: string) => import('node:vm').Script} compileBundle
 * @property {(script: import('node:vm').Script, filename: string) =>
 *   { ingestFile(path: string): Promise<unknown> }} runBundle
 */
async function writeCodeCache() {
  const source = readFileSync(bundleFile, 'utf8');
  // The CLI's own loader (tsc wrote it just before), so the cache is made exactly as it is used.
  /** @type {unknown} */
  const loaded = createRequire(import.meta.url)(
    join(root, 'dist', 'main', 'cli', 'ingest-file-bundle.js'),
  );
  const loader = /** @type {BundleLoader} */ (loaded);
  loader.tuneV8ForOneShot(); // the flags the CLI runs under, or V8 would refuse the cache
  // Every function compiled now, into the cache, not only those the sample filing reaches: a
  // 10-K runs many the sample does not (continued tables, label columns, ranges...), each
  // compiled on its first call otherwise (about 5-10 ms of a cold ingest of BA's 10-K: docs/
  // BENCHMARKS.md, "CLI ingest: the Document checked in place"). Back to lazy before the cache
  // is written, so it is made under the CLI's flags.
  setFlagsFromString('--no-lazy');
  const script = loader.compileBundle(source, bundleFile);
  setFlagsFromString('--lazy');
  await loader.runBundle(script, bundleFile).ingestFile(trainingFiling);
  writeFileSync(cacheFile, script.createCachedData());
}

rmSync(cacheFile, { force: true });
try {
  await bundle();
  await writeCodeCache();
} catch (e) {
  // The CLI reads the modules tsc wrote when there is no bundle: never leave half of one.
  rmSync(bundleFile, { force: true });
  rmSync(cacheFile, { force: true });
  process.stderr.write(
    `bundle-cli-ingest: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
  );
  process.exitCode = 1;
}
