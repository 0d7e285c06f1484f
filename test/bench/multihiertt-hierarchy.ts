/**
 * Hierarchy measure on MultiHiertt: every `table_description` entry states one cell's value
 * and header texts; the cell at (t, r, c) of our table must show that value and its
 * rowPath + colPath must contain every header word (shared/datasets/table-description.ts).
 *
 *   node --import tsx test/bench/multihiertt-hierarchy.ts [FILE] [--failures N]
 */
import { readFileSync } from 'node:fs';
import {
  checkDescription,
  findTable,
  parseTableDescription,
  type DatasetImport,
} from '../../shared/datasets';
import { openDatasetFile } from '../../main/ingest/datasets/dataset-file';
import { readMultihierttFile } from '../../main/ingest/datasets/multihiertt';
import { dataPath } from '../support/data-dir';
import { classifyDescriptionDefect, type DescriptionDefect } from './multihiertt-defects';

export interface HierarchyFailure {
  uid: string;
  key: string;
  sentence: string;
  reason: string;
  /** A recognised fault of the description itself (see multihiertt-defects.ts), if any. */
  defect: DescriptionDefect | null;
}

export interface HierarchyResult {
  file: string;
  descriptions: number;
  passed: number;
  rate: number;
  /** Entries that describe an empty cell ("is nan"): checked as "we have no cell there". */
  emptyCells: number;
  failures: HierarchyFailure[];
  /** Failed entries by recognised description defect. */
  defects: Record<DescriptionDefect, number>;
  /** passed / (descriptions − failures with a recognised description defect). */
  rateWithoutDefects: number;
  importMs: number;
}

export const defaultHierttFile = () => dataPath('datasets', 'multihiertt', 'dev_subset.json');

export function measureHierarchy(path = defaultHierttFile()): HierarchyResult {
  const started = performance.now();
  const imported: DatasetImport = readMultihierttFile(openDatasetFile(path));
  const importMs = performance.now() - started;
  const records = JSON.parse(readFileSync(path, 'utf8')) as {
    uid: string;
    tables: string[];
    table_description?: Record<string, string>;
  }[];
  const byId = new Map(imported.documents.map((d) => [d.externalId, d]));
  let descriptions = 0;
  let passed = 0;
  let emptyCells = 0;
  const failures: HierarchyFailure[] = [];
  for (const rec of records) {
    const doc = byId.get(rec.uid);
    for (const [key, sentence] of Object.entries(rec.table_description ?? {})) {
      descriptions++;
      const d = parseTableDescription(key, sentence);
      const verdict =
        d === null || doc === undefined
          ? { ok: false as const, reason: 'unparsable description or missing document' }
          : checkDescription(d, findTable(doc, `t${d.table}`));
      if (d?.value === 'nan') emptyCells++;
      if (verdict.ok) passed++;
      else {
        const table = d && doc ? findTable(doc, `t${d.table}`) : undefined;
        const html = d ? rec.tables[d.table] : undefined;
        const defect =
          d && table && html !== undefined ? classifyDescriptionDefect(d, table, html) : null;
        failures.push({ uid: rec.uid, key, sentence, reason: verdict.reason, defect });
      }
    }
  }
  const defects = {
    'values-as-header': 0,
    'section-past-total': 0,
    'rowspan-fill': 0,
    'label-as-value': 0,
  };
  for (const f of failures) if (f.defect) defects[f.defect]++;
  const faulty = Object.values(defects).reduce((a, b) => a + b, 0);
  return {
    file: path,
    descriptions,
    passed,
    rate: descriptions === 0 ? 0 : passed / descriptions,
    emptyCells,
    failures,
    defects,
    rateWithoutDefects: descriptions === faulty ? 0 : passed / (descriptions - faulty),
    importMs,
  };
}

function main(argv: string[]): void {
  const flag = argv.indexOf('--failures');
  const show = flag >= 0 ? Number(argv[flag + 1]) : 20;
  const file = argv.find((a, i) => !a.startsWith('--') && argv[i - 1] !== '--failures');
  const r = measureHierarchy(file);
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  const faulty = Object.values(r.defects).reduce((a, b) => a + b, 0);
  // Unexplained failures first: those are the parser's to fix.
  const ordered = [...r.failures.filter((f) => !f.defect), ...r.failures.filter((f) => f.defect)];
  process.stdout.write(
    [
      `MultiHiertt hierarchy (strict): ${r.passed}/${r.descriptions} = ${pct(r.rate)} ` +
        `(${r.emptyCells} entries describe empty cells; import ${r.importMs.toFixed(0)} ms)`,
      `failures with a recognised description defect: ${faulty} ${JSON.stringify(r.defects)}`,
      `descriptions without a recognised defect: ${r.passed}/${r.descriptions - faulty} = ${pct(r.rateWithoutDefects)}`,
      // Those entries need a body cell's number inside a column header: no honest parser passes.
      `ceiling of the strict rate for a parser that keeps body values out of headers: ` +
        `${pct((r.descriptions - r.defects['values-as-header']) / r.descriptions)}`,
      `unexplained failures: ${r.failures.length - faulty}`,
      `file: ${r.file}`,
      ...(ordered.length > 0
        ? [`first ${Math.min(show, ordered.length)} of ${ordered.length} failures:`]
        : []),
      ...ordered
        .slice(0, show)
        .map(
          (f) =>
            `  ${f.uid.slice(0, 8)} ${f.key} [${f.defect ?? 'unexplained'}]: ${f.reason}\n      ${f.sentence}`,
        ),
    ].join('\n') + '\n',
  );
}

if (require.main === module) main(process.argv.slice(2));
