/**
 * Byte-for-byte check that a change to the reader (or to how the CLI loads it) changes no output:
 * the Document JSON `workbench ingest FILE --out F` writes, for every filing in `sec/`,
 * `sec-more/` and `sec-check/` (and, with `--pdf N`, the first N FinanceBench PDFs by name).
 *
 *   # before the change: the built CLI of a worktree of HEAD writes the reference
 *   node --import tsx test/bench/ingest-identical.ts --dump /tmp/ingest-before --cli BEFORE/dist/main/cli.js
 *   # after each change: this checkout's code, in-process (ingestFile, what the CLI calls)...
 *   node --import tsx test/bench/ingest-identical.ts --against /tmp/ingest-before
 *   # ...and the built CLI as users run it
 *   node --import tsx test/bench/ingest-identical.ts --against /tmp/ingest-before --cli dist/main/cli.js
 *
 * A file that fails to ingest is compared by its error (code and message). Exit status 1 when
 * any file differs, with the first differing byte and the text around it on both sides.
 * (`sec-check/` is read here only to compare bytes, never to choose a reading rule.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { WorkbenchError } from '../../shared/api/result';
import { ingestFile } from '../../main/document/ingest-file';
import { dataDir, dataPath, hasData, noDataMessage } from '../support/data-dir';

const htmlSets = ['sec', 'sec-more', 'sec-check'];

/** Every .htm/.html file under the three SEC folders, grouped by folder (sorted). */
function inputs(pdfCount: number): string[][] {
  const groups = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.html?$/i.test(e.name)) groups.set(dir, [...(groups.get(dir) ?? []), p]);
    }
  };
  for (const set of htmlSets) walk(dataPath(set));
  if (pdfCount > 0) {
    const pdfDir = dataPath('financebench', 'pdfs');
    const pdfs = readdirSync(pdfDir)
      .filter((n) => n.endsWith('.pdf'))
      .sort()
      .slice(0, pdfCount)
      .map((n) => join(pdfDir, n));
    groups.set(pdfDir, pdfs);
  }
  return [...groups.keys()].sort().map((k) => groups.get(k)!.sort());
}

/** Where a file's output lives under a dump folder: its path below the data folder. */
const outName = (root: string, file: string) => join(root, `${relative(dataDir, file)}.json`);
const errName = (root: string, file: string) => join(root, `${relative(dataDir, file)}.error`);

/** Writes each file's output (JSON, or `code: message` for a failed file) under `root`. */
async function produceInProcess(files: string[], root: string): Promise<void> {
  for (const file of files) {
    mkdirSync(dirname(outName(root, file)), { recursive: true });
    try {
      // As main/cli/commands/ingest.ts writes it.
      writeFileSync(outName(root, file), `${JSON.stringify(await ingestFile(file))}\n`);
    } catch (e) {
      if (!(e instanceof WorkbenchError)) throw e;
      writeFileSync(errName(root, file), `${e.code}: ${e.message}\n`);
    }
  }
}

interface CliSummary {
  file: string;
  ok: boolean;
  error?: { code: string; message: string };
}

/** The built CLI, one process per folder (names are unique within one), `--out` a folder. */
function produceWithCli(cli: string, group: string[], root: string): void {
  const tmp = mkdtempSync(join(tmpdir(), 'ingest-identical-'));
  try {
    const r = spawnSync(
      process.execPath,
      [cli, 'ingest', ...group, '--out', tmp, '--json', '--workspace', tmp],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    if (r.status !== 0 && r.status !== 1)
      throw new Error(`${cli} exited ${String(r.status)}: ${r.stderr.slice(0, 1000)}`);
    const parsed = JSON.parse(r.stdout) as CliSummary[] | { details?: CliSummary[] };
    const summaries = Array.isArray(parsed) ? parsed : (parsed.details ?? []);
    for (const file of group) {
      mkdirSync(dirname(outName(root, file)), { recursive: true });
      const s = summaries.find((x) => x.file === file);
      if (!s) throw new Error(`no summary for ${file} in: ${r.stdout.slice(0, 500)}`);
      if (s.ok)
        writeFileSync(outName(root, file), readFileSync(join(tmp, `${basename(file)}.json`)));
      else writeFileSync(errName(root, file), `${s.error?.code}: ${s.error?.message}\n`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The output of one file under a dump folder: its JSON or its error line. */
function read(root: string, file: string): { what: string; bytes: Buffer } | undefined {
  if (existsSync(outName(root, file)))
    return { what: 'json', bytes: readFileSync(outName(root, file)) };
  if (existsSync(errName(root, file)))
    return { what: 'error', bytes: readFileSync(errName(root, file)) };
  return undefined;
}

function firstDifference(a: Buffer, b: Buffer): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}

const around = (b: Buffer, at: number) =>
  JSON.stringify(b.subarray(Math.max(0, at - 80), at + 80).toString('utf8'));

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      dump: { type: 'string' },
      against: { type: 'string' },
      cli: { type: 'string' },
      pdf: { type: 'string' },
    },
  });
  if (!hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return 0;
  }
  if ((values.dump === undefined) === (values.against === undefined)) {
    console.log('give either --dump DIR (write the reference) or --against DIR (compare to it)');
    return 2;
  }
  const groups = inputs(Number(values.pdf ?? 0));
  const files = groups.flat();
  const target = values.dump ?? mkdtempSync(join(tmpdir(), 'ingest-identical-now-'));
  const cli = values.cli !== undefined ? resolve(values.cli) : undefined;
  const t0 = performance.now();
  if (cli) for (const g of groups) produceWithCli(cli, g, target);
  else await produceInProcess(files, target);
  const took = ((performance.now() - t0) / 1000).toFixed(1);
  const by = cli ? `the CLI ${cli}` : 'ingestFile in this process';
  if (values.dump !== undefined) {
    console.log(`wrote ${files.length} files' output to ${target} by ${by} (${took} s)`);
    return 0;
  }
  let differ = 0;
  let bytes = 0;
  for (const file of files) {
    const was = read(values.against!, file);
    const now = read(target, file);
    const name = relative(dataDir, file);
    if (!was) {
      console.log(`MISSING in ${values.against}: ${name}`);
      differ++;
      continue;
    }
    if (was.what !== now!.what || !was.bytes.equals(now!.bytes)) {
      differ++;
      const at = firstDifference(was.bytes, now!.bytes);
      console.log(`DIFFERS ${name} (${was.what} → ${now!.what}, first at byte ${at}):`);
      console.log(`  before ${around(was.bytes, at)}`);
      console.log(`  now    ${around(now!.bytes, at)}`);
    } else bytes += now!.bytes.length;
  }
  if (values.against !== undefined) rmSync(target, { recursive: true, force: true });
  console.log(
    `${files.length - differ} of ${files.length} files identical (${(bytes / 1e6).toFixed(1)} MB), by ${by} (${took} s)`,
  );
  return differ === 0 ? 0 : 1;
}

main().then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    console.error(e);
    process.exitCode = 2;
  },
);
