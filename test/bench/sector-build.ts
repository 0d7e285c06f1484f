/**
 * Builds a sector-sized workspace for test/bench/sector-workspace.ts: N library documents made
 * from the real filings and PDFs in the data folder (sec/, sec-more/, sec-check/ HTML and the
 * FinanceBench PDFs), each copy changed by one line of text so that every file has its own
 * SHA-256 (the importer refuses duplicates), imported through the API's own import
 * (`library.importBytes`), then brought to what a user's workspace holds once the app has been
 * used a while: every document parsed (its model in the workspace's model cache), its cover facts
 * read, and its retrieval index built.
 *
 * What is reused, and why it does not change the workspace: a copy differs from its original by a
 * comment after the document's end (HTML: `<!-- … -->` after `</html>`; PDF: a `%` comment line
 * after `%%EOF`), which neither reader reads. So each distinct original is parsed once (in the
 * parse worker, as the app parses) and its facts read once (by the app's facts reader); every
 * copy gets that model (with its own file name and size, as its own parse would write) through the
 * app's model cache (`ParseCache.write` + `document_models`) and those facts through
 * `document_facts`. The retrieval index is built for every copy by the retrieval service itself.
 * The first copy of each original is checked: its hash differs from the original's and it parses.
 *
 * Cached under /tmp/sector-bench/ws-<N>/ (a `ready.json` marks a finished build; a folder
 * without it is built again from scratch).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { ImportReport } from '../../shared/library/document';
import type { FilingFacts } from '../../shared/library/filing-facts';
import type { DocumentKind } from '../../shared/library/document-kind';
import type { Document } from '../../shared/document';
import { documentFactsRepo } from '../../main/db/document-facts-repo';
import { parseCacheRepo } from '../../main/db/parse-cache-repo';
import { PARSER_VERSION } from '../../main/document/document-service';
import { FACTS_READER_VERSION } from '../../main/library/filing-facts-service';
import { readFilingFacts } from '../../main/library/filing-facts-reader';
import { startServices, type Services } from '../../main/services';
import { dataPath } from '../support/data-dir';

export const BENCH_ROOT = process.env.SECTOR_BENCH_DIR ?? '/tmp/sector-bench';

export interface Source {
  path: string;
  kind: 'html' | 'pdf';
}

/** The distinct originals, in a fixed order (HTML filings first, then the PDFs). */
export function sources(): Source[] {
  const html: string[] = [];
  for (const folder of readdirSync(dataPath('sec'))) {
    const dir = dataPath('sec', folder);
    if (!statSync(dir).isDirectory()) continue;
    // The filing itself: the largest .htm(l) of the folder (the R*.htm are XBRL viewer pages).
    const files = readdirSync(dir)
      .filter((f) => /\.html?$/i.test(f) && !/^R\d+\.htm$/i.test(f))
      .map((f) => join(dir, f))
      .sort((a, b) => statSync(b).size - statSync(a).size);
    if (files[0]) html.push(files[0]);
  }
  for (const folder of ['sec-more', 'sec-check'])
    for (const f of readdirSync(dataPath(folder)).sort())
      if (/\.html?$/i.test(f)) html.push(dataPath(folder, f));
  const pdfs = readdirSync(dataPath('financebench', 'pdfs'))
    .filter((f) => /\.pdf$/i.test(f))
    .sort()
    .map((f) => dataPath('financebench', 'pdfs', f));
  // The same file in two folders (TSLA's 10-Q is in sec/ and sec-check/) counts once.
  const seen = new Set<string>();
  return [
    ...html.map((path) => ({ path, kind: 'html' as const })),
    ...pdfs.map((path) => ({ path, kind: 'pdf' as const })),
  ].filter((s) => {
    const sha = createHash('sha256').update(readFileSync(s.path)).digest('hex');
    if (seen.has(sha)) return false;
    seen.add(sha);
    return true;
  });
}

/** Copy `n` of an original: one comment after the document's end, nothing a reader reads. */
export function copyBytes(original: Buffer, kind: Source['kind'], n: number): Buffer {
  const mark =
    kind === 'html' ? `\n<!-- sector-bench copy ${n} -->\n` : `\n%sector-bench copy ${n}\n`;
  return Buffer.concat([original, Buffer.from(mark, 'latin1')]);
}

export function copyName(source: Source, n: number): string {
  const ext = extname(source.path);
  return `${basename(source.path, ext)}-c${String(n).padStart(4, '0')}${ext}`;
}

export interface BuildInfo {
  documents: number;
  sources: number;
  seconds: { import: number; parse: number; facts: number; index: number; total: number };
  builtAt: string;
}

export const workspaceDir = (n: number) => join(BENCH_ROOT, `ws-${n}`);

const say = (s: string) => process.stderr.write(`${s}\n`);

function call<T>(services: Services, method: string, input: unknown): Promise<T> {
  return services.registry.call(method as never, input as never).then((r) => {
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value as T;
  });
}

/** The workspace of `n` documents, built unless a finished build is cached. */
export async function ensureSectorWorkspace(n: number): Promise<BuildInfo> {
  const dir = workspaceDir(n);
  const marker = join(dir, 'ready.json');
  if (existsSync(marker)) return JSON.parse(readFileSync(marker, 'utf8')) as BuildInfo;
  rmSync(dir, { recursive: true, force: true });
  const started = performance.now();
  const all = sources();
  const services = await startServices({ workspaceDir: dir, host: { kind: 'cli' } });
  try {
    // 1. Import: document j is copy ⌊j / S⌋ of original j mod S, so every size mixes all.
    const ids: { id: number; source: number; name: string; size: number }[] = [];
    const originals = all.map((s) => readFileSync(s.path));
    const t0 = performance.now();
    for (let j = 0; j < n; j++) {
      const s = j % all.length;
      const copy = Math.floor(j / all.length);
      const bytes = copyBytes(originals[s]!, all[s]!.kind, copy);
      if (copy === 0) {
        const a = createHash('sha256').update(originals[s]!).digest('hex');
        const b = createHash('sha256').update(bytes).digest('hex');
        if (a === b) throw new Error(`copy of ${all[s]!.path} has the original's hash`);
      }
      const name = copyName(all[s]!, copy);
      const report = await call<ImportReport>(services, 'library.importBytes', { name, bytes });
      const item = report.items[0];
      if (!item?.ok) throw new Error(`import of ${name} failed: ${JSON.stringify(item)}`);
      ids.push({ id: item.document.id, source: s, name, size: bytes.byteLength });
      if ((j + 1) % 200 === 0) say(`  imported ${j + 1}/${n}`);
    }
    const tImport = (performance.now() - t0) / 1000;

    // 2. Parse each original once (its first copy, in the parse worker), cache it for the rest.
    const t1 = performance.now();
    const models = new Map<number, Document>();
    const repo = parseCacheRepo(services.workspace.db);
    for (const doc of ids) {
      let model = models.get(doc.source);
      if (!model) {
        model = await services.documents.model(doc.id);
        if (model.blocks.length === 0) throw new Error(`${doc.name} parsed to nothing`);
        models.set(doc.source, model);
        say(`  parsed ${doc.name}: ${model.tables.length} tables, ${model.blocks.length} blocks`);
        continue;
      }
      const own: Document = {
        ...model,
        source: { ...model.source, name: doc.name, bytes: doc.size },
      };
      const json = Buffer.from(JSON.stringify(own));
      const file = await services.workspace.models.write(doc.id, PARSER_VERSION, json);
      repo.put(doc.id, PARSER_VERSION, file, json.byteLength);
    }
    const tParse = (performance.now() - t1) / 1000;

    // 3. Cover facts: read once per original by the app's reader, stored for every copy.
    const t2 = performance.now();
    const facts = new Map<number, FilingFacts>();
    const factsRepo = documentFactsRepo(services.workspace.db);
    for (const doc of ids) {
      let f = facts.get(doc.source);
      if (!f) {
        const kind: DocumentKind = all[doc.source]!.kind === 'pdf' ? 'pdf' : 'sec-html';
        const sha = services.documents.file(doc.id).sha256;
        f = await readFilingFacts(services.workspace.files.pathFor(sha), kind);
        facts.set(doc.source, f);
      }
      factsRepo.put(doc.id, f, FACTS_READER_VERSION);
    }
    const tFacts = (performance.now() - t2) / 1000;

    // 4. Every document's retrieval index, built by the retrieval service from its model.
    const t3 = performance.now();
    let done = 0;
    for (const doc of ids) {
      const model = models.get(doc.source)!;
      const own: Document = {
        ...model,
        source: { ...model.source, name: doc.name, bytes: doc.size },
      };
      await services.retrieval.search(doc.id, own, 'revenue');
      if (++done % 100 === 0)
        say(`  indexed ${done}/${n} (${((performance.now() - t3) / done).toFixed(0)} ms each)`);
    }
    const tIndex = (performance.now() - t3) / 1000;
    const info: BuildInfo = {
      documents: n,
      sources: all.length,
      seconds: {
        import: tImport,
        parse: tParse,
        facts: tFacts,
        index: tIndex,
        total: (performance.now() - started) / 1000,
      },
      builtAt: new Date().toISOString(),
    };
    writeFileSync(marker, JSON.stringify(info, null, 2));
    return info;
  } finally {
    services.close();
  }
}

/** `node --import tsx test/bench/sector-build.ts 200 2000`: builds (or finds) the workspaces. */
if (require.main === module) {
  void (async () => {
    for (const arg of process.argv.slice(2)) {
      const info = await ensureSectorWorkspace(Number(arg));
      say(`ws-${arg}: ${JSON.stringify(info)}`);
    }
  })().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
