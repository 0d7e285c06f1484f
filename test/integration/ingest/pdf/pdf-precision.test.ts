import { describe, expect, it } from 'vitest';
import type { Cell, Table } from '../../../../shared/document';
import { dataPath, hasData, noDataMessage } from '../../../support/data-dir';
import { parseRuns, realPage } from './parse-pages';

const cell = (t: Table | undefined, text: string): Cell | undefined =>
  t?.cells.find((c) => c.text === text);

describe('PDF table detector: what is not a table (generated pages)', () => {
  it('does not read figures stacked in boxes, with no row label beside them, as a table', async () => {
    const doc = await parseRuns('figures.pdf', [
      { text: 'Credit provided and capital raised', x: 320, y: 720 },
      { text: '$804 billion', x: 330, y: 680 },
      { text: 'Total credit provided', x: 420, y: 686 },
      { text: '$69', x: 350, y: 640 },
      { text: 'Credit for consumers', x: 420, y: 646 },
      { text: '$4', x: 353, y: 600 },
      { text: 'Credit for small businesses', x: 420, y: 606 },
      { text: '$300', x: 347, y: 560 },
      { text: 'Credit for corporations', x: 420, y: 566 },
    ]);
    expect(doc.tables).toEqual([]);
  });

  it('does not read a table of contents as a table, but keeps a table of small counts', async () => {
    const titles = ['Business', 'Risk Factors', 'Properties', 'Legal Proceedings', 'Controls'];
    const contents = titles.flatMap((title, i) => [
      { text: `Item ${i + 1}.`, x: 72, y: 700 - 14 * i },
      { text: title, x: 130, y: 700 - 14 * i },
      { text: String([2, 11, 24, 24, 116][i]), x: 530, y: 700 - 14 * i },
    ]);
    expect((await parseRuns('contents.pdf', contents)).tables).toEqual([]);
    const stores = titles.flatMap((title, i) => [
      { text: title, x: 72, y: 700 - 14 * i },
      { text: String([560, 49, 54, 12, 8][i]), x: 530, y: 700 - 14 * i },
    ]);
    expect((await parseRuns('stores.pdf', stores)).tables).toHaveLength(1);
  });
});

describe('PDF column headers (generated pages)', () => {
  it('joins a two-line header centred on a line of one-line headers, over its own column only', async () => {
    const doc = await parseRuns('wrapped-header.pdf', [
      { text: 'Three Months Ended June 30', x: 300, y: 700 },
      { text: 'Rigid', x: 340, y: 686 },
      { text: 'Flexibles', x: 300, y: 682 },
      { text: 'Total', x: 414, y: 682 },
      { text: 'Packaging', x: 330, y: 676 },
      { text: 'Net sales 2023', x: 72, y: 660 },
      { text: '2,777', x: 310, y: 660 },
      { text: '897', x: 360, y: 660 },
      { text: '3,673', x: 410, y: 660 },
      { text: 'Net sales 2022', x: 72, y: 646 },
      { text: '2,967', x: 310, y: 646 },
      { text: '942', x: 360, y: 646 },
      { text: '3,909', x: 410, y: 646 },
    ]);
    const t = doc.tables[0];
    expect(cell(t, '897')?.colPath).toEqual(['Three Months Ended June 30', 'Rigid Packaging']);
    expect(cell(t, '2,777')?.colPath).toEqual(['Three Months Ended June 30', 'Flexibles']);
  });

  it('lets a period centred over five columns head all five, not fold into the middle header', async () => {
    const doc = await parseRuns('period-title.pdf', [
      { text: 'Year ended December 31, 2022', x: 330, y: 700 },
      { text: 'Europe, Middle East', x: 352, y: 690 },
      { text: 'Americas', x: 200, y: 682 },
      { text: 'Asia Pacific', x: 285, y: 682 },
      { text: '& Africa', x: 380, y: 682 },
      { text: 'Other', x: 475, y: 682 },
      { text: 'Worldwide', x: 555, y: 682 },
      { text: 'Net sales', x: 72, y: 666 },
      { text: '18,400', x: 200, y: 666 },
      { text: '9,901', x: 290, y: 666 },
      { text: '5,928', x: 380, y: 666 },
      { text: '(2)', x: 470, y: 666 },
      { text: '34,229', x: 560, y: 666 },
      { text: 'Organic sales', x: 72, y: 652 },
      { text: '2.6', x: 200, y: 652 },
      { text: '0.3', x: 290, y: 652 },
      { text: '(0.6)', x: 380, y: 652 },
      { text: '1.0', x: 470, y: 652 },
      { text: '1.2', x: 560, y: 652 },
    ]);
    const t = doc.tables[0];
    expect(cell(t, '18,400')?.colPath).toEqual(['Year ended December 31, 2022', 'Americas']);
    expect(cell(t, '5,928')?.colPath).toEqual([
      'Year ended December 31, 2022',
      'Europe, Middle East & Africa',
    ]);
  });

  it('orders the header tree left to right when a word column is headed on a lower line', async () => {
    const doc = await parseRuns('header-order.pdf', [
      { text: 'Gain (Loss) Recognized', x: 380, y: 700 },
      { text: 'Statement of Earnings', x: 200, y: 696 },
      { text: 'Location', x: 200, y: 686 },
      { text: '2023', x: 390, y: 686 },
      { text: '2022', x: 470, y: 686 },
      { text: 'Interest rate swaps', x: 72, y: 670 },
      { text: 'Interest expense', x: 200, y: 670 },
      { text: '(10)', x: 390, y: 670 },
      { text: '14', x: 474, y: 670 },
      { text: 'Debt adjustments', x: 72, y: 656 },
      { text: 'Interest expense', x: 200, y: 656 },
      { text: '10', x: 392, y: 656 },
      { text: '(14)', x: 470, y: 656 },
    ]);
    const roots = doc.tables[0]?.columnHeaders ?? [];
    expect(roots.map((n) => n.firstCol)).toEqual([...roots.map((n) => n.firstCol)].sort());
    expect(roots[0]?.text).toBe('Statement of Earnings Location');
  });
});

describe('PDF table detector: labels wrapped over long lines (generated page)', () => {
  it('keeps a balance sheet whole when a label runs over two full-width lines', async () => {
    const doc = await parseRuns('wrapped-label.pdf', [
      { text: '2017', x: 470, y: 700 },
      { text: '2016', x: 550, y: 700 },
      { text: 'Total liabilities', x: 72, y: 684 },
      { text: '15,430,786', x: 450, y: 684 },
      { text: '10,906,810', x: 530, y: 684 },
      { text: "Stockholders' equity:", x: 72, y: 670 },
      {
        text: 'Common stock, $0.001 par value; 4,990,000,000 shares authorized at December 31, 2017 and December 31,',
        x: 80,
        y: 656,
        size: 8,
      },
      {
        text: '2016, respectively; 433,392,686 and 430,054,212 issued and outstanding at December 31, 2017 and',
        x: 80,
        y: 646,
        size: 8,
      },
      { text: 'December 31, 2016, respectively', x: 80, y: 636 },
      { text: '1,871,396', x: 455, y: 636 },
      { text: '1,599,762', x: 535, y: 636 },
      { text: 'Retained earnings', x: 80, y: 622 },
      { text: '1,731,117', x: 455, y: 622 },
      { text: '1,128,603', x: 535, y: 622 },
    ]);
    expect(doc.tables).toHaveLength(1);
    const t = doc.tables[0];
    expect(cell(t, '1,128,603')?.colPath).toEqual(['2016']);
    expect(cell(t, '1,871,396')?.rowPath.at(-1)).toMatch(/^Common stock, .*respectively$/);
  });
});

describe.skipIf(!hasData)('PDF table detector on real pages', () => {
  const fb = (doc: string) => dataPath('financebench', 'pdfs', `${doc}.pdf`);

  it('finds no table in the boxed figures of JPMorgan 1Q21 10-Q p6', async () => {
    const page = await realPage(fb('JPMORGAN_2021Q1_10Q'), 6);
    expect(page.tables.map((t) => t.cells.map((c) => c.text))).toEqual([]);
  });

  it("keeps Netflix's 2017 balance sheet as one table with its header to the last row", async () => {
    const page = await realPage(fb('NETFLIX_2017_10K'), 45);
    expect(page.tables).toHaveLength(1);
    const retained = page.tables[0]?.cells.find((c) => c.text === '1,128,603');
    expect(retained?.colPath).toEqual(['As of December 31,', '2016']);
  });

  it('puts the period over its group of columns (Pfizer 2Q23 10-Q p38, AMCOR Q4 FY23 p10)', async () => {
    const pfizer = await realPage(fb('Pfizer_2023Q2_10Q'), 38);
    const geo = pfizer.tables.find((t) => t.rows.some((r) => r.label === 'Emerging Markets'));
    const emerging = geo?.cells.filter((c) => c.rowPath.at(-1) === 'Emerging Markets');
    expect(emerging?.find((c) => c.text === '6,006')?.colPath).toEqual([
      'Three Months Ended',
      'July 3, 2022',
    ]);
    const amcor = await realPage(fb('AMCOR_2023Q4_EARNINGS'), 10);
    const rigid = amcor.tables[0]?.cells.find((c) => c.text === '3,393');
    expect(rigid?.colPath).toEqual(['Twelve Months Ended June 30', 'Rigid Packaging']);
  });

  it('orders Best Buy Q2 FY24 p11 headers left to right (TableQuest hard)', async () => {
    const page = await realPage(
      dataPath('tablequest', 'pages', 'hard', 'BESTBUY_2024Q2_10Q_p11.pdf'),
      1,
    );
    const effects = page.tables.find((t) => t.cells.some((c) => c.text === 'Interest expense'));
    expect(effects?.columnHeaders.map((n) => n.text)).toEqual([
      'Statement of Earnings Location',
      'Gain (Loss) Recognized',
    ]);
    const location = effects?.cells.find((c) => c.text === 'Interest expense');
    expect(location?.colPath).toEqual(['Statement of Earnings Location']);
  });
});

if (!hasData) console.warn(`[skip] PDF detector real-page tests: ${noDataMessage}`);
