import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../shared/library/document';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import { readFilingFacts } from '../../../main/library/filing-facts-reader';
import { secFilings } from '../../support/cell-addressing';
import { dataPath, hasData } from '../../support/data-dir';
import { tempServices } from '../../support/services';

/*
 * The fiscal year and period end the Library shows (issue 23): a filing's own period, from its
 * inline XBRL dei: facts or its cover page's "For the fiscal year ended <date>" sentence, not
 * the first "fiscal 2023" on its cover.
 */

const fixture = join(__dirname, 'fixtures', 'adobe-like-10-k-cover.html');

describe('an Adobe-like 10-K cover: "fiscal 2023" before "For the fiscal year ended December 2, 2022"', () => {
  let ctx: Awaited<ReturnType<typeof tempServices>>;
  beforeEach(async () => {
    ctx = await tempServices({ host: 'web' });
  });
  afterEach(() => ctx.cleanup());

  it('shows fiscal 2022 and the period end in the Library', async () => {
    const call = async <T>(method: string, input: unknown): Promise<T> => {
      const r = await ctx.services.registry.call(method, input);
      if (!r.ok) throw new Error(r.error.message);
      return r.value as T;
    };
    await call<ImportReport>('library.importPaths', { paths: [fixture] });
    await ctx.services.facts.fill();
    const [entry] = (await call<{ documents: LibraryEntry[] }>('library.list', {})).documents;
    expect(entry?.facts).toEqual({
      company: 'ADOBE INC.',
      form: '10-K',
      periodEnd: '2022-12-02',
      fiscalYear: 2022,
      fiscalPeriod: 'FY',
      cik: null,
      source: 'text',
    });
  });
});

/** The dei: facts of an inline XBRL filing, read by a parse of their own. */
function deiFacts(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  // open ix:nonNumeric elements, each with the dei name it carries (or null) and its text
  const open: { name: string | null; text: string }[] = [];
  const parser = new Parser({
    onopentag(tag, attribs) {
      if (tag.toLowerCase() !== 'ix:nonnumeric') return;
      const name = attribs.name ?? '';
      open.push({ name: name.startsWith('dei:') ? name.slice(4) : null, text: '' });
    },
    ontext(text) {
      for (const o of open) o.text += text;
    },
    onclosetag(tag) {
      if (tag.toLowerCase() !== 'ix:nonnumeric') return;
      const done = open.pop();
      if (done?.name) out[done.name] ??= done.text.replace(/\s+/g, ' ').trim();
    },
  });
  parser.end(html);
  return out;
}

const months =
  'january february march april may june july august september october november december'.split(
    ' ',
  );
/** "December 31, 2024" → "2024-12-31" (the dei date format of these filings). */
const isoOf = (text: string) => {
  const m = /^([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})$/.exec(text);
  if (!m) return text;
  const month = months.indexOf((m[1] as string).toLowerCase()) + 1;
  return `${m[3]}-${String(month).padStart(2, '0')}-${(m[2] as string).padStart(2, '0')}`;
};

describe.skipIf(!hasData)('real filings', () => {
  it('each inline XBRL filing in sec/ and sec-more/: fiscal year and period end are its dei facts', async () => {
    const checked: string[] = [];
    for (const { label, path } of secFilings()) {
      const dei = deiFacts(readFileSync(path, 'utf8'));
      if (dei.DocumentFiscalYearFocus === undefined) continue; // GAINSCO 2009: no inline XBRL
      const facts = await readFilingFacts(path, 'sec-html');
      expect({ label, fiscalYear: facts.fiscalYear, periodEnd: facts.periodEnd }).toEqual({
        label,
        fiscalYear: Number(dei.DocumentFiscalYearFocus),
        periodEnd: isoOf(dei.DocumentPeriodEndDate ?? ''),
      });
      checked.push(label);
    }
    expect(checked).toHaveLength(13);
  });

  it('each inline XBRL filing in sec/ and sec-more/: the CIK and fiscal period focus are its dei facts', async () => {
    const ciks = new Map<string, string>();
    for (const { label, path } of secFilings()) {
      const dei = deiFacts(readFileSync(path, 'utf8'));
      if (dei.EntityCentralIndexKey === undefined) continue; // GAINSCO 2009: no inline XBRL
      const facts = await readFilingFacts(path, 'sec-html');
      expect({ label, cik: facts.cik, fiscalPeriod: facts.fiscalPeriod }).toEqual({
        label,
        cik: dei.EntityCentralIndexKey.padStart(10, '0'),
        fiscalPeriod: dei.DocumentFiscalPeriodFocus,
      });
      // an annual report's focus is the year, a quarterly one's a quarter
      expect(facts.fiscalPeriod, label).toMatch(facts.form === '10-K' ? /^FY$/ : /^Q[1-3]$/);
      ciks.set(label, facts.cik!);
    }
    expect(ciks.size).toBe(13);
    // thirteen filings of thirteen filers: no two share a CIK
    expect(new Set(ciks.values()).size).toBe(13);
  });

  it("FinanceBench PDFs: the fiscal year agrees with document_information's doc_period", async () => {
    const info = new Map(
      readFileSync(dataPath('financebench', 'document_information.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { doc_name: string; doc_period: number })
        .map((d) => [d.doc_name, d.doc_period]),
    );
    const differ: string[] = [];
    const files = readdirSync(dataPath('financebench', 'pdfs')).filter((f) => f.endsWith('.pdf'));
    for (const f of files) {
      const facts = await readFilingFacts(dataPath('financebench', 'pdfs', f), 'pdf');
      const name = f.replace(/\.pdf$/, '');
      if (facts.fiscalYear !== info.get(name)) differ.push(`${name}: ${facts.fiscalYear}`);
    }
    expect(files).toHaveLength(25);
    // Ulta's release reports "Fourth Quarter Fiscal 2022" (ended January 28, 2023);
    // doc_period gives the calendar year the period ended in
    expect(differ).toEqual(['ULTABEAUTY_2023Q4_EARNINGS: 2022']);
  }, 240_000);
});
