import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 21: every CSV the app writes goes through one writer, shared/export/csv.ts (RFC 4180,
// CRLF, the formula guard). This test fails when a second writer appears in main/, shared/ or
// renderer/: a file that quotes CSV fields, guards formulas or joins fields and records itself,
// or names the CSV type or suffix without being listed below. Use the shared writer instead.

const root = join(__dirname, '..', '..', '..');
const WRITER = 'shared/export/csv.ts';

/** Files that may name `text/csv` or `.csv`, and why (none of them builds CSV text itself). */
const NAMES_CSV: Record<string, string> = {
  'shared/export/export-format.ts': 'the export formats table (suffix and MIME type)',
  'renderer/features/document/EvidencePanel.tsx': 'downloads the text evidenceCsv wrote',
  'renderer/features/facts/ChartDownloads.tsx': 'downloads the text seriesCsv wrote',
  'main/cli/commands/facts.ts': 'writes the text seriesCsv wrote to --csv FILE',
};

/** The files that write CSV, each through the shared writer. */
const USES_WRITER = [
  'main/export/csv-format.ts',
  'shared/runs/report-format.ts',
  'renderer/features/document/evidence-rows.ts',
  'shared/facts/series.ts',
];

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(e.name) ? [path] : [];
  });
}

/** What makes code a CSV writer of its own; each answers a reason or null. */
const signatures: ((code: string) => string | null)[] = [
  // RFC 4180's test for a field that needs quotes: a regex class with ", a comma and CR or LF.
  (code) => {
    for (const m of code.matchAll(/\/\[([^\]\n]*)\]/g)) {
      const cls = m[1]!;
      if (cls.includes('"') && cls.includes(',') && /\\[rn]/.test(cls))
        return `a CSV field-quoting test ${m[0]}`;
    }
    return null;
  },
  // The formula guard's leading characters.
  (code) => (/\[=\+\\-@/.test(code) ? 'a formula guard ([=+\\-@…])' : null),
  // Fields joined with commas into records joined or ended by line breaks.
  (code) => {
    const m =
      /\.join\(\s*(['"`]),\1\s*\)[^;]{0,200}?(\.join\(\s*(['"`])(\\r)?\\n\3\s*\)|\\r\\n|\\n)/.exec(
        code,
      );
    return m ? `comma-joined fields in line-broken records: ${m[0].slice(0, 80)}` : null;
  },
  // Quotes doubled in a file that also joins with commas.
  (code) =>
    /\.replace(All)?\([^)]*"[^)]*,\s*(['"`])""\2\s*\)/.test(code) &&
    /\.join\(\s*(['"`]),\1\s*\)/.test(code)
      ? 'doubled quotes in comma-joined text'
      : null,
];

const csvWriterSignature = (code: string) =>
  signatures.map((s) => s(code)).find((r) => r !== null) ?? null;

describe('one CSV writer', () => {
  const files = ['main', 'shared', 'renderer'].flatMap(sources);

  it('finds the writers it replaced (the signatures still catch a CSV writer)', () => {
    // The three writers issue 21 found, as they were written.
    const reportCsvBefore = `const csvField = (v) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\\n\\r]/.test(s) ? \`"\${s.replace(/"/g, '""')}"\` : s;
};
return \`\${[head.map(csvField).join(','), ...lines].join('\\n')}\\n\`;`;
    const evidenceBefore = `if (typeof v === 'string' && /^[=+\\-@\\t\\r]/.test(s)) s = \`'\${s}\`;`;
    const naive = "const text = rows.map((r) => r.join(',')).join('\\r\\n');";
    const template = "out += `${fields.join(',')}\\n`;";
    for (const code of [reportCsvBefore, evidenceBefore, naive, template])
      expect(csvWriterSignature(code), code).not.toBeNull();
    // Not CSV: FTS5 phrase quoting, ids joined into a key, a JSON array.
    for (const code of [
      'terms.map((t) => `"${t.replace(/"/g, \'""\')}"`).join(\' OR \')',
      "subject: `judge:pairs:${input.runIds.join(',')}`,",
      "return `[${value.map(canonicalJson).join(',')}]`;",
    ])
      expect(csvWriterSignature(code), code).toBeNull();
  });

  it('has no CSV writer outside shared/export/csv.ts', () => {
    const found = files
      .filter((f) => f !== WRITER)
      .flatMap((f) => {
        const why = csvWriterSignature(readFileSync(join(root, f), 'utf8'));
        return why ? [`${f}: ${why}`] : [];
      });
    expect(found, 'write CSV with shared/export/csv.ts').toEqual([]);
  });

  it('names the CSV type or suffix only in the listed files', () => {
    const naming = files.filter(
      (f) => f !== WRITER && /text\/csv|\.csv\b/.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(
      naming.sort(),
      'a new CSV file? write it with shared/export/csv.ts, then list it',
    ).toEqual(Object.keys(NAMES_CSV).sort());
  });

  it('the files that write CSV import the shared writer', () => {
    for (const f of USES_WRITER) {
      const code = readFileSync(join(root, f), 'utf8');
      expect(code, f).toMatch(/from '(\.\.\/)+(shared\/)?export\/csv'/);
    }
    expect(files).toContain(WRITER);
  });
});
