/**
 * Precision and recall of the PDF table detector against tables labelled by hand on page
 * renderings (test/bench/fixtures/pdf-table-labels.json: 37 TableQuest easy pages, the Best Buy
 * hard page with a header fault, 27 FinanceBench evidence pages).
 *
 * A detected table is real when it shows one of the page's labelled checks: a cell with the
 * check's value on a row whose label holds the check's row words (text tables may also show the
 * value in a label). It is a false positive otherwise. A data table is found when some detected
 * table shows one of its checks. A check with column words is a header fault when no cell that
 * shows it has all those words in its column path.
 *
 *   node --import tsx test/bench/pdf-table-precision.ts [--verbose]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPdfJs } from '../../main/ingest/pdf/pdfjs';
import { pageText } from '../../main/ingest/pdf/page-text';
import { parsePage } from '../../main/ingest/pdf/page-parse';
import type { Table } from '../../shared/document';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';

interface Check {
  row: string;
  value: string;
  col?: string[];
}

interface LabelledTable {
  title: string;
  kind: 'data' | 'text';
  checks: Check[];
}

interface Labels {
  pages: Record<string, LabelledTable[]>;
}

export interface PageReport {
  page: string;
  detected: number;
  falsePositives: Array<{ id: string; rows: string[] }>;
  missed: string[];
  /** Labelled tables shown by more than one detected table, and detected tables showing several. */
  split: string[];
  merged: string[];
  headerFaults: Array<{ table: string; check: Check; colPaths: string[] }>;
  headerChecks: number;
}

export interface PrecisionReport {
  pages: PageReport[];
  detected: number;
  real: number;
  dataTables: number;
  found: number;
  headerChecks: number;
  headerFaults: number;
}

export const labelsPath = join(__dirname, 'fixtures', 'pdf-table-labels.json');

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

/** "$ (39)" and "(39)": the dollar sign is set apart from the number in some tables, not others. */
const tight = (s: string) => norm(s).replace(/[\s$]+/g, '');

/** The cell text is the value, or holds it as one of its words ("$96.9B – $97.9B / $97.4B"). */
const showsValue = (text: string, value: string) =>
  tight(text) === tight(value) ||
  norm(text)
    .split(/[\s/]+/)
    .map(tight)
    .includes(tight(value));

/** Where a check is shown in a table: the column paths of the cells that show it (or labels). */
function whereShown(t: Table, c: Check, kind: LabelledTable['kind']): string[][] | null {
  const row = norm(c.row);
  const rowText = (sourceRow: number) => {
    const r = t.rows.find((x) => x.sourceRow === sourceRow);
    const cells = t.cells.filter((x) => x.sourceRow === sourceRow).map((x) => x.text);
    return norm([...(r?.path ?? []), r?.label ?? '', ...cells].join(' '));
  };
  const hits = t.cells.filter(
    (x) => showsValue(x.text, c.value) && (row === '' || rowText(x.sourceRow).includes(row)),
  );
  if (hits.length > 0) return hits.map((x) => x.colPath);
  if (kind === 'text') {
    const inLabel = t.rows.some(
      (r) => norm(r.label).includes(norm(c.value)) && rowText(r.sourceRow).includes(row),
    );
    if (inLabel) return [];
  }
  return null;
}

const colOk = (path: string[], col: string[]) => {
  const p = norm(path.join(' | '));
  return col.every((w) => p.includes(norm(w)));
};

function judgePage(page: string, labels: LabelledTable[], tables: Table[]): PageReport {
  const report: PageReport = {
    page,
    detected: tables.length,
    falsePositives: [],
    missed: [],
    split: [],
    merged: [],
    headerFaults: [],
    headerChecks: 0,
  };
  const shownBy = new Map<LabelledTable, Table[]>();
  for (const t of tables) {
    const shows = labels.filter((l) => l.checks.some((c) => whereShown(t, c, l.kind) !== null));
    for (const l of shows) shownBy.set(l, [...(shownBy.get(l) ?? []), t]);
    if (shows.length === 0) {
      report.falsePositives.push({
        id: t.id,
        rows: t.rows.filter((r) => r.kind !== 'header').map((r) => r.label),
      });
    }
    const data = shows.filter((l) => l.kind === 'data');
    if (data.length > 1) report.merged.push(`${t.id}: ${data.map((l) => l.title).join(' + ')}`);
  }
  for (const l of labels) {
    const by = shownBy.get(l) ?? [];
    if (l.kind === 'data' && by.length === 0) report.missed.push(l.title);
    if (by.length > 1) report.split.push(`${l.title}: ${by.map((t) => t.id).join(', ')}`);
    if (l.kind !== 'data') continue;
    for (const c of l.checks) {
      if (!c.col) continue;
      const paths = by.flatMap((t) => whereShown(t, c, l.kind) ?? []);
      if (paths.length === 0) continue;
      report.headerChecks++;
      if (!paths.some((p) => colOk(p, c.col ?? []))) {
        report.headerFaults.push({
          table: l.title,
          check: c,
          colPaths: paths.map((p) => p.join(' > ')),
        });
      }
    }
  }
  return report;
}

/** Where a labelled page's PDF is, and which page of it (1-based). */
function pageSource(id: string): { file: string; page: number } {
  const [kind, ...rest] = id.split('/');
  if (kind === 'tablequest') {
    const [level, stem] = rest as [string, string];
    return { file: dataPath('tablequest', 'pages', level, `${stem}.pdf`), page: 1 };
  }
  const [doc, page] = (rest[0] as string).split('#') as [string, string];
  return { file: dataPath('financebench', 'pdfs', `${doc}.pdf`), page: Number(page) + 1 };
}

export async function runPrecision(): Promise<PrecisionReport> {
  const labels = JSON.parse(readFileSync(labelsPath, 'utf8')) as Labels;
  const pdfjs = await loadPdfJs();
  const pages: PageReport[] = [];
  for (const [id, tables] of Object.entries(labels.pages)) {
    const { file, page } = pageSource(id);
    const pdf = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0 })
      .promise;
    const parsed = parsePage(await pageText(await pdf.getPage(page), page));
    await pdf.destroy();
    pages.push(judgePage(id, tables, parsed.tables));
  }
  const all = Object.values(labels.pages).flat();
  const detected = pages.reduce((n, p) => n + p.detected, 0);
  const dataTables = all.filter((l) => l.kind === 'data').length;
  return {
    pages,
    detected,
    real: detected - pages.reduce((n, p) => n + p.falsePositives.length, 0),
    dataTables,
    found: dataTables - pages.reduce((n, p) => n + p.missed.length, 0),
    headerChecks: pages.reduce((n, p) => n + p.headerChecks, 0),
    headerFaults: pages.reduce((n, p) => n + p.headerFaults.length, 0),
  };
}

const pct = (a: number, b: number) => `${a}/${b} = ${((100 * a) / Math.max(1, b)).toFixed(1)}%`;

async function main(): Promise<void> {
  if (!hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return;
  }
  const verbose = process.argv.includes('--verbose');
  const r = await runPrecision();
  console.log(`labelled pages: ${r.pages.length}`);
  console.log(`precision (detected tables that are real): ${pct(r.real, r.detected)}`);
  console.log(`recall (labelled data tables detected): ${pct(r.found, r.dataTables)}`);
  console.log(
    `header checks right (value's column path has the labelled header words): ${pct(r.headerChecks - r.headerFaults, r.headerChecks)}`,
  );
  // Two stacked tables read as one still count as found and real; only this line shows it.
  const splits = r.pages.reduce((n, p) => n + p.split.length, 0);
  const merges = r.pages.reduce((n, p) => n + p.merged.length, 0);
  console.log(
    `labelled tables split over several detections: ${splits}; detections holding several labelled data tables: ${merges}`,
  );
  for (const p of r.pages) {
    for (const fp of p.falsePositives) {
      const rows = fp.rows.slice(0, 3).map((x) => JSON.stringify(x.slice(0, 50)));
      console.log(`  false positive ${p.page} ${fp.id}: ${rows.join(', ')}`);
    }
  }
  for (const p of r.pages) for (const m of p.missed) console.log(`  missed ${p.page}: ${m}`);
  for (const p of r.pages) {
    for (const f of p.headerFaults) {
      console.log(
        `  header fault ${p.page} "${f.table}" ${f.check.row} ${f.check.value}: wanted [${(f.check.col ?? []).join(', ')}], got ${f.colPaths.map((x) => JSON.stringify(x)).join(' / ')}`,
      );
    }
  }
  if (verbose) {
    for (const p of r.pages) for (const s of p.split) console.log(`  split ${p.page}: ${s}`);
    for (const p of r.pages) for (const m of p.merged) console.log(`  merged ${p.page}: ${m}`);
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
