/**
 * PDF ingest measures (real data in WORKBENCH_DATA_DIR):
 *  a. TableQuest easy pages: does the question's numeric answer appear as the displayed value of
 *     a table cell parsed from that page? Target ≥ 90 %.
 *  b. FinanceBench PDFs: every file ingests in a worker with the right page count, no error.
 *  Also (not a target): FinanceBench evidence pages, numbers quoted as evidence found in cells.
 *
 *   node --import tsx test/bench/pdf-tables.ts [tablequest|evidence|financebench|all]
 *     [--failures N] [--dist]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { parsePdfBytes, parsePdfInWorker } from '../../main/ingest/pdf';
import { loadPdfJs } from '../../main/ingest/pdf/pdfjs';
import { pageText } from '../../main/ingest/pdf/page-text';
import { parsePage } from '../../main/ingest/pdf/page-parse';
import { Document as DocumentSchema, type Cell, type Document } from '../../shared/document';
import { findNumbers, parseNumber, type ParsedNumber } from '../../shared/numbers';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';

interface TableQuestItem {
  image: string;
  question: string;
  answer: string;
  table_loc: string;
}

export interface AnswerCheck {
  page: string;
  answer: string;
  hit: boolean;
  reason: string;
}

export interface TableQuestReport {
  level: string;
  questions: number;
  /** Questions whose answer is one number (the others are words or a lone "$"). */
  counted: number;
  hits: number;
  rate: number;
  checks: AnswerCheck[];
  tables: number;
  cells: number;
}

const close = (a: number, b: number) =>
  Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

const isPercentCell = (c: Cell) =>
  c.unit === '%' || /%|percent/i.test([...c.colPath, ...c.rowPath].join(' '));

/**
 * A cell shows the answer when its displayed value equals the answer's (sign-insensitive only
 * when the answer carries no sign), and both or neither are percentages. An answer written with
 * a scale word ("$97.4B") also matches a cell whose value × scale is the same quantity.
 */
export function cellShows(c: Cell, a: ParsedNumber): boolean {
  if (c.kind !== 'number' || c.value === null) return false;
  if ((a.unit === 'percent') !== isPercentCell(c)) return false;
  const shown = a.negative ? close(c.value, a.value) : close(Math.abs(c.value), Math.abs(a.value));
  const quantity = a.scale !== undefined && close(Math.abs(c.value * c.scale), Math.abs(a.scaled));
  return shown || quantity;
}

function explainMiss(doc: Document, a: ParsedNumber): string {
  const cells = doc.tables.flatMap((t) => t.cells);
  const inProse = doc.blocks.some(
    (b) =>
      b.type !== 'table' &&
      findNumbers(b.text).some((n) => close(Math.abs(n.value), Math.abs(a.value))),
  );
  const sameDigits = cells.find(
    (c) => c.value !== null && close(Math.abs(c.value), Math.abs(a.value)),
  );
  if (sameDigits)
    return `cell "${sameDigits.text}" has the digits but not the sign/percent of the answer`;
  if (doc.tables.length === 0)
    return `no table found on the page${inProse ? ' (the number is in the text)' : ''}`;
  return `${doc.tables.length} table(s), ${cells.length} cells, none shows it${inProse ? ' (the number is in the text)' : ''}`;
}

export async function runTableQuest(level = 'easy'): Promise<TableQuestReport> {
  const items = JSON.parse(
    readFileSync(dataPath('tablequest', `${level}.json`), 'utf8'),
  ) as TableQuestItem[];
  const checks: AnswerCheck[] = [];
  let tables = 0;
  let cells = 0;
  for (const q of items) {
    const a = parseNumber(q.answer);
    if (a === undefined) continue;
    const stem = (q.image.split('/').pop() ?? '').replace(/\.png$/, '');
    const bytes = new Uint8Array(
      readFileSync(dataPath('tablequest', 'pages', level, `${stem}.pdf`)),
    );
    // In-process: this measures the table detector; the worker path is measured on FinanceBench.
    const { document } = await parsePdfBytes(`${stem}.pdf`, bytes);
    tables += document.tables.length;
    cells += document.tables.reduce((n, t) => n + t.cells.length, 0);
    const hit = document.tables.some((t) => t.cells.some((c) => cellShows(c, a)));
    checks.push({ page: stem, answer: q.answer, hit, reason: hit ? '' : explainMiss(document, a) });
  }
  const hits = checks.filter((c) => c.hit).length;
  return {
    level,
    questions: items.length,
    counted: checks.length,
    hits,
    rate: checks.length === 0 ? 0 : hits / checks.length,
    checks,
    tables,
    cells,
  };
}

export interface FileRun {
  file: string;
  /** pdf.js numPages from a separate open on this thread. */
  expectedPages: number | null;
  /** The root /Pages /Count read from the raw bytes, when not inside a compressed object stream. */
  rawCount: number | null;
  pages: number;
  progressEvents: number;
  tables: number;
  cells: number;
  ms: number;
  error: string | null;
  /** Schema (zod) and grid problems found in the Document; empty when it is sound. */
  problems: string[];
}

/**
 * What must hold for any Document: the zod schema, and every table's grid: cells inside
 * rowCount × colCount, at most one cell per grid position, one row entry per source row, and
 * header tree nodes within the grid.
 */
export function documentProblems(doc: Document): string[] {
  const out: string[] = [];
  const parsed = DocumentSchema.safeParse(doc);
  if (!parsed.success) out.push(`schema: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const ids = new Set<string>();
  for (const t of doc.tables) {
    if (ids.has(t.id)) out.push(`${t.id}: duplicate table id`);
    ids.add(t.id);
    const seen = new Set<string>();
    for (const c of t.cells) {
      const key = `${c.sourceRow},${c.sourceCol}`;
      if (c.sourceRow >= t.rowCount || c.sourceCol >= t.colCount)
        out.push(`${t.id}: cell ${key} outside the grid`);
      if (seen.has(key)) out.push(`${t.id}: two cells at ${key}`);
      seen.add(key);
    }
    const rows = t.rows.map((r) => r.sourceRow);
    if (new Set(rows).size !== rows.length) out.push(`${t.id}: repeated row entries`);
    const walk = (nodes: typeof t.columnHeaders): void => {
      for (const n of nodes) {
        if (n.firstCol > n.lastCol || n.lastCol >= t.colCount)
          out.push(`${t.id}: header "${n.text}" outside the grid`);
        walk(n.children);
      }
    };
    walk(t.columnHeaders);
  }
  return out;
}

/** Root page-tree count from the bytes, independent of pdf.js; null when compressed away. */
export function rawPageCount(bytes: Uint8Array): number | null {
  const text = Buffer.from(bytes).toString('latin1');
  for (const m of text.matchAll(/obj\s*<<([\s\S]*?)>>\s*endobj/g)) {
    const d = m[1] ?? '';
    if (/\/Type\s*\/Pages\b/.test(d) && !d.includes('/Parent')) {
      const c = /\/Count\s+(\d+)/.exec(d);
      if (c) return Number(c[1]);
    }
  }
  return null;
}

async function pdfJsPageCount(bytes: Uint8Array): Promise<number | null> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 });
  try {
    return (await task.promise).numPages;
  } catch {
    return null;
  } finally {
    await task.destroy();
  }
}

export async function runFinanceBench(
  files = readdirSync(dataPath('financebench', 'pdfs'))
    .filter((f) => f.endsWith('.pdf'))
    .sort(),
  concurrency = Math.max(1, Math.min(4, availableParallelism())),
  parse: typeof parsePdfInWorker = parsePdfInWorker,
): Promise<{ runs: FileRun[]; wallMs: number }> {
  const started = Date.now();
  const runs: FileRun[] = [];
  let next = 0;
  const one = async (file: string): Promise<FileRun> => {
    const path = dataPath('financebench', 'pdfs', file);
    const bytes = new Uint8Array(readFileSync(path));
    const expectedPages = await pdfJsPageCount(bytes);
    const rawCount = rawPageCount(bytes);
    let progressEvents = 0;
    const t0 = Date.now();
    try {
      const r = await parse(path, () => progressEvents++);
      const tables = r.document.tables;
      return {
        file,
        expectedPages,
        rawCount,
        pages: r.pageCount,
        progressEvents,
        tables: tables.length,
        cells: tables.reduce((n, t) => n + t.cells.length, 0),
        ms: Date.now() - t0,
        error: null,
        problems: documentProblems(r.document),
      };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      return {
        file,
        expectedPages,
        rawCount,
        pages: 0,
        progressEvents,
        tables: 0,
        cells: 0,
        ms: Date.now() - t0,
        error,
        problems: [],
      };
    }
  };
  const lane = async () => {
    while (next < files.length) {
      const file = files[next++] as string;
      runs.push(await one(file));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  runs.sort((a, b) => a.file.localeCompare(b.file));
  return { runs, wallMs: Date.now() - started };
}

export const pageCountOk = (r: FileRun) =>
  r.error === null &&
  r.pages === r.expectedPages &&
  r.progressEvents === r.pages &&
  (r.rawCount === null || r.rawCount === r.pages);

function printTableQuest(r: TableQuestReport, showFailures: number): void {
  console.log(
    `TableQuest ${r.level}: ${r.questions} questions, ${r.counted} with a numeric answer`,
  );
  console.log(
    `answer shown by a parsed table cell: ${r.hits}/${r.counted} = ${(100 * r.rate).toFixed(1)}% (target ≥ 90%)`,
  );
  console.log(`tables found: ${r.tables}, cells: ${r.cells}`);
  for (const c of r.checks.filter((x) => !x.hit).slice(0, showFailures)) {
    console.log(`  miss ${c.page} answer ${JSON.stringify(c.answer)}: ${c.reason}`);
  }
}

function printFinanceBench(runs: FileRun[], wallMs: number): void {
  const ok = runs.filter(pageCountOk).length;
  const pages = runs.reduce((n, r) => n + r.pages, 0);
  const cpu = runs.reduce((n, r) => n + r.ms, 0);
  for (const r of runs) {
    const check = pageCountOk(r) ? 'ok' : 'FAIL';
    const raw = r.rawCount === null ? 'n/a' : String(r.rawCount);
    for (const p of r.problems.slice(0, 3)) console.log(`       problem: ${p}`);
    console.log(
      `  ${check.padEnd(4)} ${r.file.padEnd(46)} pages ${String(r.pages).padStart(3)} (pdf.js ${r.expectedPages}, raw /Count ${raw}) tables ${String(r.tables).padStart(4)} cells ${String(r.cells).padStart(6)} ${(r.ms / 1000).toFixed(1)} s${r.error ? ` ERROR ${r.error}` : ''}`,
    );
  }
  const problems = runs.reduce((n, r) => n + r.problems.length, 0);
  const tables = runs.reduce((n, r) => n + r.tables, 0);
  const cells = runs.reduce((n, r) => n + r.cells, 0);
  console.log(
    `FinanceBench: ${ok}/${runs.length} files ingested with the right page count; ${pages} pages`,
  );
  console.log(`tables: ${tables}, cells: ${cells}, schema/grid problems: ${problems}`);
  console.log(
    `time: ${(wallMs / 1000).toFixed(1)} s wall, ${(cpu / 1000).toFixed(1)} s summed per file, ${(cpu / Math.max(1, pages)).toFixed(0)} ms/page`,
  );
}

export interface EvidenceReport {
  pages: number;
  numbers: number;
  inCells: number;
  inProse: number;
}

/**
 * Not a target, a check on pages the detector was not tuned on: the numbers quoted in
 * FinanceBench's evidence snippets (years and single digits left out), and how many of them
 * the page's parsed tables show as a cell value, or else its paragraphs. The rest sit inside
 * row labels ("…2022, $318; 2021, $463)") or in text columns, which are not cells here.
 */
export async function runEvidence(): Promise<EvidenceReport> {
  const lines = readFileSync(dataPath('financebench', 'questions.jsonl'), 'utf8')
    .trim()
    .split('\n');
  const pages = new Map<string, { doc: string; page: number; text: string }>();
  for (const line of lines) {
    const q = JSON.parse(line) as {
      evidence: Array<{ doc_name: string; evidence_page_num: number; evidence_text: string }>;
    };
    for (const e of q.evidence) {
      pages.set(`${e.doc_name}#${e.evidence_page_num}`, {
        doc: e.doc_name,
        page: e.evidence_page_num + 1,
        text: e.evidence_text,
      });
    }
  }
  const pdfjs = await loadPdfJs();
  const r: EvidenceReport = { pages: pages.size, numbers: 0, inCells: 0, inProse: 0 };
  for (const { doc, page, text } of pages.values()) {
    const bytes = new Uint8Array(readFileSync(dataPath('financebench', 'pdfs', `${doc}.pdf`)));
    const pdf = await pdfjs.getDocument({ data: bytes, verbosity: 0 }).promise;
    const parsed = parsePage(await pageText(await pdf.getPage(page), page));
    await pdf.destroy();
    const cells = parsed.tables.flatMap((t) => t.cells.map((c) => Math.abs(c.value ?? NaN)));
    const prose = parsed.blocks.flatMap((b) =>
      b.type === 'table' ? [] : findNumbers(b.text).map((n) => Math.abs(n.value)),
    );
    const quoted = findNumbers(text).filter((n) => {
      const year =
        Number.isInteger(n.value) && n.value >= 1990 && n.value <= 2039 && !n.text.includes(',');
      return !year && !(Number.isInteger(n.value) && Math.abs(n.value) < 10);
    });
    for (const n of quoted) {
      const v = Math.abs(n.value);
      r.numbers++;
      if (cells.some((c) => close(c, v))) r.inCells++;
      else if (prose.some((x) => close(x, v))) r.inProse++;
    }
  }
  return r;
}

function distParser(): typeof parsePdfInWorker {
  const path = join(__dirname, '..', '..', 'dist', 'main', 'ingest', 'pdf', 'index.js');
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build:main first`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a built file chosen at run time
  return (require(path) as { parsePdfInWorker: typeof parsePdfInWorker }).parsePdfInWorker;
}

async function main(): Promise<void> {
  if (!hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return;
  }
  const what = process.argv[2] ?? 'all';
  const fIdx = process.argv.indexOf('--failures');
  const showFailures = fIdx > 0 ? Number(process.argv[fIdx + 1]) : 10;
  if (what === 'tablequest' || what === 'all')
    printTableQuest(await runTableQuest('easy'), showFailures);
  if (what === 'evidence' || what === 'all') {
    const e = await runEvidence();
    const pct = (n: number) => `${((100 * n) / Math.max(1, e.numbers)).toFixed(1)}%`;
    console.log(
      `FinanceBench evidence pages: ${e.pages}; quoted numbers ${e.numbers}: in table cells ${e.inCells} (${pct(e.inCells)}), in paragraphs ${e.inProse} (${pct(e.inProse)}), elsewhere ${pct(e.numbers - e.inCells - e.inProse)}`,
    );
  }
  if (what === 'financebench' || what === 'all') {
    // --dist: the compiled worker in dist/ (npm run build:main first), as the app runs it;
    // from sources each worker thread also compiles the TypeScript it loads.
    const dist = process.argv.includes('--dist');
    const parse = dist ? distParser() : parsePdfInWorker;
    console.log(`parser: ${dist ? 'dist/ (compiled JavaScript)' : 'TypeScript sources via tsx'}`);
    const { runs, wallMs } = await runFinanceBench(undefined, undefined, parse);
    printFinanceBench(runs, wallMs);
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
