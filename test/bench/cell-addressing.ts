/**
 * Cell addressing: per source, the share of numeric cells a program reaches by grid position
 * (`cell(tableId, row, col)`, must be 100%) and by a unique header path
 * (`cell(tableId, rowPath, colPath)`, target ≥ 99% on the SEC filings). Sources: each SEC
 * filing in sec/ and sec-more/, the FinanceBench and TableQuest PDFs, each dataset in datasets/.
 *
 *   node --import tsx test/bench/cell-addressing.ts [sec|pdf|datasets|all] [--show N]
 *
 * Exit status 1 when any numeric cell is not reachable by position; the path share is reported
 * against its target. --show N lists N cells per source whose header path is not unique.
 */
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parsePdfInWorker } from '../../main/ingest/pdf';
import { readDatasetFile } from '../../main/ingest/datasets';
import type { DatasetFormat } from '../../shared/datasets';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import {
  addCounts,
  countAddressing,
  emptyCount,
  ingestFiling,
  percent,
  secFilings,
  type AddressingCount,
} from '../support/cell-addressing';

const SEC_TARGET = 99;
const show = (() => {
  const at = process.argv.indexOf('--show');
  return at > 0 ? Number(process.argv[at + 1] ?? 5) : 0;
})();
const which = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'all';

interface Line {
  source: string;
  count: AddressingCount;
  sec: boolean;
}

function print(line: Line): void {
  const { count: c } = line;
  console.log(
    `| ${line.source} | ${c.tables} | ${c.numeric} | ${percent(c.byPosition, c.numeric).toFixed(2)}% | ${percent(c.byPath, c.numeric).toFixed(2)}% |`,
  );
  for (const a of c.ambiguous.slice(0, show))
    console.log(
      `|   ${a.tableId} ${JSON.stringify(a.rowPath)} × ${JSON.stringify(a.colPath)} | | | | |`,
    );
  for (const u of c.unplaced.slice(0, show))
    console.log(`|   not in grid: ${u.tableId} r${u.sourceRow} c${u.sourceCol} | | | | |`);
}

function secLines(): Line[] {
  return secFilings().map(({ label, path }) => {
    const line = { source: label, count: countAddressing(ingestFiling(path), show), sec: true };
    print(line);
    return line;
  });
}

async function pdfLines(): Promise<Line[]> {
  const groups: { source: string; files: string[] }[] = [];
  const fb = dataPath('financebench', 'pdfs');
  if (existsSync(fb))
    groups.push({
      source: 'FinanceBench PDFs',
      files: readdirSync(fb)
        .filter((f) => f.endsWith('.pdf'))
        .sort()
        .map((f) => join(fb, f)),
    });
  const tq = dataPath('tablequest', 'pages');
  if (existsSync(tq))
    groups.push({
      source: 'TableQuest PDF pages',
      files: readdirSync(tq)
        .sort()
        .flatMap((level) =>
          readdirSync(join(tq, level))
            .filter((f) => f.endsWith('.pdf'))
            .sort()
            .map((f) => join(tq, level, f)),
        ),
    });
  const lines: Line[] = [];
  for (const group of groups) {
    const total = emptyCount();
    let next = 0;
    const lane = async () => {
      while (next < group.files.length) {
        const file = group.files[next++] as string;
        const { document } = await parsePdfInWorker(file);
        addCounts(total, countAddressing(document, show), show);
      }
    };
    await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, lane));
    const line = {
      source: `${group.source} (${group.files.length} files)`,
      count: total,
      sec: false,
    };
    print(line);
    lines.push(line);
  }
  return lines;
}

const DATASETS: { format: DatasetFormat; path: string[] }[] = [
  { format: 'tatqa', path: ['tatqa', 'tatqa_dataset_dev.json'] },
  { format: 'tathqa', path: ['tat-hqa', 'tatqa_and_hqa_dataset_dev.json'] },
  { format: 'finqa', path: ['finqa', 'finqa_dev_200.json'] },
  { format: 'multihiertt', path: ['multihiertt', 'dev_subset.json'] },
  { format: 'docmath', path: ['financemath', 'validation.json'] },
];

function datasetLines(): Line[] {
  const lines: Line[] = [];
  for (const d of DATASETS) {
    const path = dataPath('datasets', ...d.path);
    if (!existsSync(path)) continue;
    const total = emptyCount();
    const { documents } = readDatasetFile(d.format, path);
    for (const doc of documents) addCounts(total, countAddressing(doc, show), show);
    const line = {
      source: `datasets/${d.path.join('/')} (${documents.length} documents)`,
      count: total,
      sec: false,
    };
    print(line);
    lines.push(line);
  }
  return lines;
}

async function main(): Promise<number> {
  if (!hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return 0;
  }
  console.log('| source | tables | numeric cells | by position | by unique header path |');
  console.log('|---|---|---|---|---|');
  const lines: Line[] = [];
  if (which === 'sec' || which === 'all') lines.push(...secLines());
  if (which === 'datasets' || which === 'all') lines.push(...datasetLines());
  if (which === 'pdf' || which === 'all') lines.push(...(await pdfLines()));
  const sec = emptyCount();
  for (const l of lines) if (l.sec) addCounts(sec, l.count, 0);
  if (sec.numeric > 0)
    console.log(
      `\nSEC filings together: ${sec.numeric} numeric cells, by position ${percent(sec.byPosition, sec.numeric).toFixed(2)}%, by unique header path ${percent(sec.byPath, sec.numeric).toFixed(2)}%`,
    );
  const positionMisses = lines.filter((l) => l.count.byPosition !== l.count.numeric);
  const secBelow = lines.filter(
    (l) => l.sec && percent(l.count.byPath, l.count.numeric) < SEC_TARGET,
  );
  const secTarget =
    sec.numeric === 0
      ? ''
      : `; SEC unique path ≥ ${SEC_TARGET}% per filing: ${secBelow.length === 0 ? 'met' : `NOT met (${secBelow.map((l) => l.source).join(', ')})`}`;
  console.log(
    `by position 100% everywhere: ${positionMisses.length === 0 ? 'met' : `NOT met (${positionMisses.map((l) => l.source).join(', ')})`}${secTarget}`,
  );
  // Position is a requirement (the bench fails without it); the path share is a target, reported.
  return positionMisses.length === 0 ? 0 : 1;
}

main().then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  },
);
