/**
 * Ingest speed on NVIDIA's 10-K (2.1 MB, inline XBRL): the full SEC-HTML ingest next to
 * htmlparser2 tokenizing the same string with no handlers, measured in the same run so the
 * ratio holds on any machine. Targets: ingest ≤ 3× tokenize and ≤ 1.5 s.
 *
 *   node --import tsx test/bench/ingest-speed.ts [FILE]
 */
import { readFileSync } from 'node:fs';
import { Parser } from 'htmlparser2';
import { parserOptions } from '../../main/ingest/sec-html/html-walker';
import { ingestSecHtml } from '../../main/ingest/sec-html/ingest-sec-html';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';

const warmups = 3;
const rounds = 15;

function tokenize(html: string): void {
  new Parser({}, parserOptions).end(html);
}

function ingest(html: string): void {
  ingestSecHtml(html, { name: 'bench', bytes: html.length });
}

interface Sample {
  wall: number;
  cpu: number;
}

/** Wall-clock and process CPU time (ms). CPU time shows the cost when other jobs share the CPUs. */
function time(fn: () => void): Sample {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000 };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

function main(): number {
  const file = process.argv[2] ?? dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html');
  if (process.argv[2] === undefined && !hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return 0;
  }
  const html = readFileSync(file, 'utf8');
  for (let i = 0; i < warmups; i++) {
    tokenize(html);
    ingest(html);
  }
  // Interleaved so that load from other processes hits both sides alike.
  const tok: Sample[] = [];
  const ing: Sample[] = [];
  for (let i = 0; i < rounds; i++) {
    tok.push(time(() => tokenize(html)));
    ing.push(time(() => ingest(html)));
  }
  const t = median(tok.map((x) => x.wall));
  const g = median(ing.map((x) => x.wall));
  const tc = median(tok.map((x) => x.cpu));
  const gc = median(ing.map((x) => x.cpu));
  const ratio = g / t;
  console.log(`file: ${file} (${(html.length / 1e6).toFixed(2)} M chars), median of ${rounds}`);
  console.log(`htmlparser2 tokenize: ${t.toFixed(0)} ms wall, ${tc.toFixed(0)} ms CPU`);
  console.log(`ingest sec-html:      ${g.toFixed(0)} ms wall, ${gc.toFixed(0)} ms CPU`);
  console.log(`ratio (wall): ${ratio.toFixed(2)}×   ratio (CPU): ${(gc / tc).toFixed(2)}×`);
  console.log('targets: ratio (wall) ≤ 3×, ingest ≤ 1500 ms wall');
  const pass = ratio <= 3 && g <= 1500;
  console.log(pass ? 'PASS' : 'FAIL');
  return pass ? 0 : 1;
}

process.exitCode = main();
