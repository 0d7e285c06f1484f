/**
 * Fuzz bench: generated hostile inputs through the SEC HTML, PDF and dataset readers, and
 * hostile programs through the sandbox. A reader may read an input or refuse it with its own
 * error (WorkbenchError, PdfIngestError); anything else it throws is a crash. An input that takes
 * longer than its deadline is a hang. A program may end in any classified way but 'internal',
 * within its deadline plus the worker's grace, without crashing or restarting a QuickJS instance.
 * Reports counts, the slowest and the most memory-hungry input per reader.
 *
 *   node --import tsx test/bench/fuzz.ts [--seed N] [--scale F]
 *
 * --scale multiplies the counts (default 1: 3,000 HTML, 3,000 PDF, 4,000 dataset inputs and
 * 1,000 programs); --only html,pdf,datasets,sandbox runs some sections. Exit status 1 on any
 * crash or hang. Run with `node --expose-gc` for memory figures from a collected heap.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { WorkbenchError } from '../../shared/api/result';
import type { DatasetFormat } from '../../shared/document';
import type { SandboxJob } from '../../shared/sandbox/types';
import { datasetReaders } from '../../main/ingest/datasets';
import {
  defaultPdfLimits,
  parsePdfBytes,
  parsePdfInWorker,
  PdfIngestError,
} from '../../main/ingest/pdf';
import { ingestSecHtml } from '../../main/ingest/sec-html/ingest-sec-html';
import { Sandbox } from '../../main/sandbox';
import { makePdf, type TextRun } from '../integration/ingest/pdf/make-pdf';
import { tempDir } from '../support/temp-dir';

const { values } = parseArgs({
  options: { seed: { type: 'string' }, scale: { type: 'string' }, only: { type: 'string' } },
});
/** `--only html,pdf,datasets,sandbox`: run some sections (a section's inputs then differ). */
const only = values.only?.split(',');
const runs = (section: string) => only === undefined || only.includes(section);
const seed = Number(values.seed ?? 20260101);
const scale = Number(values.scale ?? 1);
const count = (n: number) => Math.max(1, Math.round(n * scale));

/** mulberry32: a small seeded PRNG, so a failing input can be generated again. */
function prng(s: number): () => number {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(seed);
const int = (n: number) => Math.floor(random() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
const chance = (p: number) => random() < p;

const repoRoot = join(__dirname, '..', '..');
const HTML_BASES = [
  readFileSync(join(repoRoot, 'assets/sample/northwind-instruments-10-k-2025.html'), 'utf8'),
  readFileSync(join(repoRoot, 'test/integration/ingest/fixtures/small-10q.html'), 'utf8'),
];
const HEAD = '<html><body>SECURITIES AND EXCHANGE COMMISSION Form 10-K ';
const NASTY_TEXT = [
  '\u0000',
  '\u001b]52;c;cHduZWQ=\u0007',
  '\u202e',
  '\ud800',
  '&#0;',
  '&#x110000;',
  '&bogus;',
  '&amp;#x26;',
  '(1,2,3,4,5,6,7,8,9)',
  '$(((((',
  '9'.repeat(400),
  '1e308',
  '-0',
  '%%%',
  '—',
  '\u00a0'.repeat(200),
  'x'.repeat(5000),
];
const TAGS = [
  '<table>',
  '</table>',
  '<tr>',
  '</tr>',
  '<td>',
  '</td>',
  '<th>',
  '<td colspan="999999">',
  '<td rowspan="-5">',
  '<td colspan="1e9">',
  '<div>',
  '</div>',
  '<span style="display:none">',
  '<span style="padding-left:99999pt">',
  '<b>',
  '<sup>',
  '<script>',
  '</script>',
  '<style>',
  '<ix:nonfraction name="us-gaap:Revenues" contextref="c" scale="999" sign="-" format="x">',
  '</ix:nonfraction>',
  '<ix:header>',
  '<title>',
  '<br>',
  '<p>',
  '<!--',
  '-->',
  '<![CDATA[',
  '<?xml?>',
  '<h1>',
  '</h1>',
];

function mutateText(base: string): string {
  let s = base;
  const ops = 1 + int(8);
  for (let i = 0; i < ops; i++) {
    const at = int(s.length + 1);
    switch (int(7)) {
      case 0: // delete a range
        s = s.slice(0, at) + s.slice(at + int(200));
        break;
      case 1: // duplicate a range
        s = s.slice(0, at) + s.slice(at, at + int(2000)).repeat(1 + int(8)) + s.slice(at);
        break;
      case 2:
        s = s.slice(0, at) + pick(TAGS) + s.slice(at);
        break;
      case 3:
        s = s.slice(0, at) + pick(NASTY_TEXT) + s.slice(at);
        break;
      case 4: // a character flipped
        s = s.slice(0, at) + String.fromCharCode(int(0x3000)) + s.slice(at + 1);
        break;
      case 5:
        s = s.slice(0, at);
        break;
      default: // a burst of one tag
        s = s.slice(0, at) + pick(TAGS).repeat(int(1500)) + s.slice(at);
    }
  }
  return s;
}

function structuralHtml(): string {
  const n = 1 + int(12_000);
  switch (int(6)) {
    case 0:
      return HEAD + `<${pick(['div', 'span', 'table', 'b', 'td'])}>x`.repeat(n);
    case 1: {
      const cols = 1 + int(2500);
      const rows = 1 + int(12);
      const row = () => `<tr><td>Item</td>${'<td>1,234</td>'.repeat(cols)}</tr>`;
      return `${HEAD}<table>${Array.from({ length: rows }, row).join('')}</table>`;
    }
    case 2:
      return HEAD + '<table><tr><td>1'.repeat(int(5000));
    case 3:
      return `${HEAD}${'<table><tr><td>Revenue</td><td>$</td><td>(1,234)</td></tr></table>'.repeat(int(1000))}`;
    case 4:
      return HEAD + '<p>' + pick(NASTY_TEXT).repeat(int(2000)) + '</p>';
    default:
      return HEAD + `${'<div>x'.repeat(200)}${'</div>'.repeat(200)}`.repeat(int(100));
  }
}

interface Tally {
  name: string;
  inputs: number;
  read: number;
  refused: number;
  crashes: string[];
  hangs: string[];
  slowest: { ms: number; what: string };
  hungriest: { mb: number; what: string };
  seconds: number;
  /** PDF only: pdf.js rejections nobody handled, in-process (see `current`). */
  strayRejections: number;
}

const tally = (name: string): Tally => ({
  name,
  inputs: 0,
  read: 0,
  refused: 0,
  crashes: [],
  hangs: [],
  slowest: { ms: 0, what: '' },
  hungriest: { mb: 0, what: '' },
  seconds: 0,
  strayRejections: 0,
});

/**
 * The input being read. A rejection nobody handled is that input's crash, except in the PDF
 * section: pdf.js leaves some internal promises unhandled after a corrupt file, so those PDFs
 * (the current and the previous, the rejection may come late) are read again the product's
 * way, in the PDF worker, and count as crashes only if that fails other than cleanly.
 */
let current: { tally: Tally; what: string } | undefined;
const recheckPdfs = new Map<string, Uint8Array>();
let recentPdfs: [string, Uint8Array][] = [];
process.on('unhandledRejection', (reason) => {
  const text = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
  if (current?.tally.name === 'PDF') {
    current.tally.strayRejections++;
    for (const [what, bytes] of recentPdfs) recheckPdfs.set(what, bytes);
  } else current?.tally.crashes.push(`${current.what}: unhandled rejection ${text}`.slice(0, 300));
});

/**
 * Runs one input: its time, and its heap growth (measured from a collected heap for inputs
 * over 256 KB when node runs with --expose-gc, as `npm run bench` does not; else roughly).
 */
async function measure(
  t: Tally,
  what: string,
  size: number,
  deadlineMs: number,
  work: () => unknown,
  expected: (e: unknown) => boolean,
): Promise<void> {
  t.inputs++;
  current = { tally: t, what };
  const gc = (globalThis as { gc?: () => void }).gc;
  if (size > 256 * 1024) gc?.();
  const before = process.memoryUsage().heapUsed;
  const started = performance.now();
  let peak = before;
  try {
    const out = await work();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    if (out === undefined) throw new Error('no result');
    t.read++;
  } catch (e) {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    if (expected(e)) t.refused++;
    else
      t.crashes.push(
        `${what}: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`.slice(0, 300),
      );
  }
  const ms = performance.now() - started;
  const mb = (peak - before) / 1024 / 1024;
  if (ms > deadlineMs) t.hangs.push(`${what}: ${Math.round(ms)} ms`);
  if (ms > t.slowest.ms) t.slowest = { ms, what };
  if (mb > t.hungriest.mb) t.hungriest = { mb, what };
}

const describe = (s: string | Uint8Array) =>
  `${Math.round(s.length / 1024)} KB, starts ${JSON.stringify(
    typeof s === 'string' ? s.slice(0, 60) : Buffer.from(s.subarray(0, 40)).toString('latin1'),
  )}`;

async function fuzzHtml(n: number): Promise<Tally> {
  const t = tally('SEC HTML');
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const html = chance(0.5) ? mutateText(pick(HTML_BASES)) : structuralHtml();
    await measure(
      t,
      `html #${i} (${describe(html)})`,
      html.length,
      10_000,
      () => ingestSecHtml(html, { name: `fuzz-${i}.htm`, bytes: html.length }),
      (e) => e instanceof WorkbenchError,
    );
  }
  t.seconds = (performance.now() - started) / 1000;
  return t;
}

const WORDS = ['Revenue', 'Total', '2024', '2023', '$', '(1,234)', '12.5%', '—', 'Net income', ''];
function randomPage(): TextRun[] {
  return Array.from({ length: int(80) }, () => ({
    text: Array.from({ length: 1 + int(4) }, () => pick(WORDS)).join(' ') || pick(NASTY_TEXT),
    x: int(700) - 50,
    y: int(900) - 50,
    size: chance(0.9) ? 10 : pick([0, -3, 0.001, 500]),
  }));
}

function mutateBytes(bytes: Uint8Array): Uint8Array {
  let out = Buffer.from(bytes);
  const ops = int(6);
  for (let i = 0; i < ops; i++) {
    const at = int(out.length + 1);
    switch (int(4)) {
      case 0:
        out[at] = int(256);
        break;
      case 1:
        out = out.subarray(0, at);
        break;
      case 2:
        out = Buffer.concat([
          out.subarray(0, at),
          out.subarray(at, at + int(500)).fill(int(256)),
          out.subarray(at),
        ]);
        break;
      default:
        out = Buffer.concat([
          out.subarray(0, at),
          Buffer.from(
            pick([
              'obj',
              'endobj',
              '<<',
              '>>',
              'stream',
              'xref',
              '9999999 0 R',
              '/Length -1',
              '%%EOF',
            ]),
          ),
          out.subarray(at),
        ]);
    }
  }
  return new Uint8Array(out);
}

async function fuzzPdf(n: number): Promise<Tally> {
  const t = tally('PDF');
  const started = performance.now();
  const limits = { ...defaultPdfLimits, timeoutMs: 10_000 };
  for (let i = 0; i < n; i++) {
    const pages = Array.from({ length: 1 + int(3) }, randomPage);
    let bytes = makePdf(pages, { encrypted: chance(0.03) });
    if (chance(0.7)) bytes = mutateBytes(bytes);
    const what = `pdf #${i} (${describe(bytes)})`;
    recentPdfs = [...recentPdfs.slice(-1), [what, bytes]];
    await measure(
      t,
      what,
      bytes.length,
      10_000,
      async () => (await parsePdfBytes(`fuzz-${i}.pdf`, bytes, limits)).document,
      (e) => e instanceof PdfIngestError || e instanceof WorkbenchError,
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 100)); // late rejections
  current = undefined;
  for (const [what, bytes] of recheckPdfs) {
    try {
      await parsePdfInWorker({ name: 'recheck.pdf', bytes }, undefined, { timeoutMs: 10_000 });
    } catch (e) {
      if (!(e instanceof PdfIngestError))
        t.crashes.push(`${what}: in the PDF worker: ${(e as Error).message}`.slice(0, 300));
    }
  }
  t.seconds = (performance.now() - started) / 1000;
  return t;
}

/** Valid-looking records per format, mutated below. */
const SEEDS: Record<DatasetFormat, () => unknown> = {
  tatqa: () => [
    {
      table: {
        uid: 't',
        table: [
          ['', '2019'],
          ['Sales', '1.0'],
        ],
      },
      paragraphs: [{ uid: 'p', order: 1, text: 'Sales.' }],
      questions: [
        {
          uid: 'q',
          order: 1,
          question: 'What were sales?',
          answer: 1,
          derivation: '',
          answer_type: 'span',
          answer_from: 'table',
          rel_paragraphs: [],
          req_comparison: false,
          scale: '',
        },
      ],
    },
  ],
  tathqa: () => SEEDS.tatqa(),
  finqa: () => [
    {
      id: 'f-1',
      pre_text: ['Revenue rose.'],
      post_text: [],
      table: [
        ['', '2019'],
        ['Revenue', '$ 1,234'],
      ],
      qa: { question: 'What was revenue?', exe_ans: 1234, program: 'add(1, 2)' },
    },
  ],
  multihiertt: () => [
    {
      uid: 'm-1',
      paragraphs: ['Revenue rose.'],
      tables: ['<table><tr><td></td><td>2019</td></tr><tr><td>Revenue</td><td>1</td></tr></table>'],
      qa: { question: 'What was revenue?', answer: 1 },
    },
  ],
  docmath: () => [
    { question_id: 'd-1', question: 'What?', paragraphs: ['| a | 1 |'], ground_truth: 1 },
  ],
  financebench: () => [
    {
      financebench_id: 'fb-1',
      company: 'X',
      doc_name: pick(['X_2023_10K', '../../etc/passwd', '/abs', 'a\u0000b']),
      question: 'Revenue?',
      answer: '1',
      evidence: [],
    },
  ],
  tablequest: () => [{ id: 't-1', difficulty: 'easy', question: 'What?', answer: 1 }],
};

function randomJson(depth: number): unknown {
  switch (depth > 4 ? int(4) : int(7)) {
    case 0:
      return pick([0, -1, 1e308, -0, 0.1, 2 ** 53 + 1]);
    case 1:
      return pick(NASTY_TEXT);
    case 2:
      return pick([null, true, false]);
    case 3:
      return '';
    case 4:
      return Array.from({ length: int(5) }, () => randomJson(depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: int(5) }, () => [
          pick([
            'uid',
            'table',
            'questions',
            'qa',
            'answer',
            'id',
            '__proto__',
            'constructor',
            'x',
          ]),
          randomJson(depth + 1),
        ]),
      );
  }
}

/** Replaces random values inside `value` with random JSON. */
function mutateJson(value: unknown): unknown {
  if (chance(0.15)) return randomJson(0);
  if (Array.isArray(value)) return value.map(mutateJson);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).flatMap(([k, v]) => (chance(0.1) ? [] : [[k, mutateJson(v)]])),
    );
  return value;
}

async function fuzzDatasets(n: number, dir: string): Promise<Tally> {
  const t = tally('datasets');
  const started = performance.now();
  const formats = Object.keys(datasetReaders) as DatasetFormat[];
  for (let i = 0; i < n; i++) {
    const format = pick(formats);
    const records = SEEDS[format]() as unknown[];
    let text: string;
    switch (int(5)) {
      case 0:
        text = '['.repeat(int(200_000));
        break;
      case 1:
        text = `${'['.repeat(5000 + int(5000))}${']'.repeat(5000)}`;
        break;
      default: {
        const mutated = mutateJson(records);
        text =
          format === 'financebench'
            ? (Array.isArray(mutated) ? mutated : [mutated])
                .map((r) => JSON.stringify(r))
                .join('\n')
            : JSON.stringify(mutated);
        if (chance(0.3)) text = mutateText(text);
        if (chance(0.1)) text = `\ufeff${text}`;
      }
    }
    await measure(
      t,
      `${format} #${i} (${describe(text)})`,
      text.length,
      10_000,
      () => datasetReaders[format]({ path: join(dir, 'fuzz.json'), name: 'fuzz.json', dir, text }),
      (e) => e instanceof WorkbenchError,
    );
  }
  t.seconds = (performance.now() - started) / 1000;
  return t;
}

const PROGRAMS: ((n: number) => string)[] = [
  () => 'for (;;) {}',
  (n) => `const a = []; for (;;) a.push(new Array(${n}).fill(1.5));`,
  (n) => `'x'.repeat(2 ** ${20 + (n % 12)})`,
  () => 'function f() { return f() + 1; } f()',
  () => 'console.log({ toJSON() { for (;;); } }); 42',
  () => 'console.log(new Proxy({}, { get() { for (;;); } })); 1',
  (n) => `'a\\u0000b'.repeat(${n % 100})`,
  (n) =>
    `throw ${pick(['null', 'undefined', '{ get message() { for (;;); } }', 'new Proxy({}, {})', `'${'e'.repeat(n % 5000)}'`])}`,
  () => 'async function solution() { for (;;) await null; }',
  () => 'Promise.reject(new Error("x")); 1',
  (n) =>
    `let s = ''; for (let i = 0; i < ${n}; i++) s += String.fromCharCode(i % 0x110000); s.length`,
  () => 'Object.prototype.toString = () => { for (;;); }; ({}) + ""',
  () => 'JSON.parse("[".repeat(1e6))',
  () => 'new Array(2 ** 31)',
  () => 'cell("t", ["a"], ["b"])',
  () => 'table(Symbol())',
  () => 'globalThis.constructor.constructor("return process")()',
  () => 'import("fs")',
  (n) => `function solution() { return ${n} / 7; }`,
  () => 'eval("for(;;){}")',
];

async function fuzzSandbox(n: number): Promise<Tally & { internal: number; terminated: number }> {
  const t = { ...tally('sandbox'), internal: 0, terminated: 0 };
  const started = performance.now();
  const timeoutMs = 200;
  const graceMs = 250;
  const sandbox = new Sandbox({ limits: { timeoutMs, memoryBytes: 16 * 1024 * 1024 }, graceMs });
  await sandbox.warmUp();
  const jobs: SandboxJob[] = Array.from({ length: n }, () => ({
    program: pick(PROGRAMS)(int(100_000)),
  }));
  for (let at = 0; at < jobs.length; at += 50) {
    const batch = jobs.slice(at, at + 50);
    const results = await sandbox.runMany(batch);
    results.forEach((r, k) => {
      const what = `program #${at + k}: ${batch[k]?.program.slice(0, 80) ?? ''}`;
      t.inputs++;
      if (r.ok) t.read++;
      else {
        t.refused++;
        if (r.error.kind === 'internal') {
          t.internal++;
          t.crashes.push(`${what}: ${r.error.message}`);
        }
        if (/did not stop/.test(r.error.message)) t.terminated++;
      }
      if (r.durationMs > timeoutMs + graceMs)
        t.hangs.push(`${what}: ${Math.round(r.durationMs)} ms`);
      if (r.durationMs > t.slowest.ms) t.slowest = { ms: r.durationMs, what };
    });
  }
  const { workerCrashes, moduleRestarts } = sandbox.stats;
  if (workerCrashes > 0) t.crashes.push(`${workerCrashes} worker crashes`);
  if (moduleRestarts > 0) t.crashes.push(`${moduleRestarts} QuickJS instances failed`);
  await sandbox.close();
  t.seconds = (performance.now() - started) / 1000;
  return t;
}

async function main(): Promise<number> {
  const tmp = tempDir('workbench-fuzz-');
  const started = performance.now();
  try {
    const tallies = [
      ...(runs('html') ? [await fuzzHtml(count(3000))] : []),
      ...(runs('pdf') ? [await fuzzPdf(count(3000))] : []),
      ...(runs('datasets') ? [await fuzzDatasets(count(4000), tmp.dir)] : []),
    ];
    const sandbox = runs('sandbox') ? await fuzzSandbox(count(1000)) : undefined;
    const all = sandbox ? [...tallies, sandbox] : tallies;
    console.log(`fuzz bench, seed ${seed}, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    console.log(
      '| reader | inputs | read | refused | crashes | hangs | slowest | most memory | time |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const t of all) {
      console.log(
        `| ${t.name} | ${t.inputs} | ${t.read} | ${t.refused} | ${t.crashes.length} | ${t.hangs.length} | ${Math.round(t.slowest.ms)} ms | ${
          t.name === 'sandbox' ? 'n/a' : `${t.hungriest.mb.toFixed(0)} MB`
        } | ${t.seconds.toFixed(0)} s |`,
      );
    }
    for (const t of all) {
      console.log(`\n${t.name}: slowest ${t.slowest.what}`);
      if (t.name !== 'sandbox') console.log(`${t.name}: most memory ${t.hungriest.what}`);
      for (const c of t.crashes.slice(0, 10)) console.log(`  CRASH ${c}`);
      for (const h of t.hangs.slice(0, 10)) console.log(`  HANG ${h}`);
    }
    const pdf = tallies.find((t) => t.name === 'PDF');
    if (pdf)
      console.log(
        `\nPDF: ${pdf.strayRejections} pdf.js rejections nobody handled in-process; ${recheckPdfs.size} PDFs read again in the PDF worker`,
      );
    if (sandbox)
      console.log(
        `\nsandbox: ${sandbox.terminated} programs stopped by terminating their worker (the watchdog), ${sandbox.internal} internal errors`,
      );
    const bad = all.reduce((n, t) => n + t.crashes.length + t.hangs.length, 0);
    return bad > 0 ? 1 : 0;
  } finally {
    tmp.cleanup();
  }
}

void main().then((code) => {
  process.exitCode = code;
});
