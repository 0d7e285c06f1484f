import { describe, expect, it } from 'vitest';
import { buildGridTable } from '../../../main/ingest/datasets/table/build-grid-table';
import { readHtmlTable } from '../../../main/ingest/datasets/table/html-table';
import { splitMarkdown } from '../../../main/ingest/datasets/table/markdown-table';

const fromHtml = (html: string) =>
  buildGridTable({ raw: readHtmlTable(html, 0), location: { kind: 'dataset', pointer: '/0' } });

const colPathAt = (html: string, row: number, col: number) =>
  fromHtml(html).cells.find((c) => c.sourceRow === row && c.sourceCol === col)?.colPath;

describe('readHtmlTable', () => {
  it('expands colspan and rowspan, drops <sup> footnote marks', () => {
    const raw = readHtmlTable(
      '<table><tr><td>a<sup>(1)</sup></td><td colspan="2">Years</td></tr><tr><td rowspan="2">b</td><td>1</td><td>2</td></tr><tr><td>3</td></tr></table>',
      4,
    );
    expect(raw.sourceIndex).toBe(4);
    expect(raw.rows.map((r) => r.cells.map((c) => [c.text, c.colspan, c.rowspan]))).toEqual([
      [
        ['a', 1, 1],
        ['Years', 2, 1],
      ],
      [
        ['b', 1, 2],
        ['1', 1, 1],
        ['2', 1, 1],
      ],
      [['3', 1, 1]],
    ]);
  });

  it('recovers cell text that a malformed start tag put among its attributes', () => {
    const raw = readHtmlTable(
      '<table><tr><td></td><td colspan="2" rowspan="2"Change 2017 vs. 2016></td></tr></table>',
      0,
    );
    expect(raw.rows[0]?.cells[1]?.text).toBe('Change 2017 vs. 2016');
  });
});

describe('HTML table headers (MultiHiertt)', () => {
  it('names columns through colspans, including a header spanning in from a "$" column', () => {
    const html =
      '<table><tr><td></td><td colspan="3">Home Equity</td><td colspan="3">Automobile</td></tr>' +
      '<tr><td>(Dollars in millions)</td><td colspan="2">2009</td><td>2008</td><td colspan="2">2009</td><td>2008</td></tr>' +
      '<tr><td>Cash proceeds</td><td> $</td><td> 12</td><td>$8</td><td> $</td><td> 4</td><td>$741</td></tr>' +
      '<tr><td>Losses</td><td></td><td>3</td><td>2</td><td></td><td>1</td><td>-31</td></tr></table>';
    const t = fromHtml(html);
    expect(t.cells.find((c) => c.sourceRow === 2 && c.sourceCol === 2)).toMatchObject({
      text: '$12',
      value: 12,
      scale: 1e6,
      rowPath: ['Cash proceeds'],
      colPath: ['Home Equity', '2009'],
    });
    expect(colPathAt(html, 2, 6)).toEqual(['Automobile', '2008']);
  });

  it('does not spread a header whose rowspan reaches the lowest header row', () => {
    const html =
      '<table><tr><td>Obligations</td><td rowspan="2">Less than 1 year</td><td></td><td rowspan="2">More than 5 years</td></tr>' +
      '<tr><td></td><td>1-3 years</td></tr>' +
      '<tr><td>Leases</td><td>8,765</td><td>9,422</td><td>3,190</td></tr></table>';
    expect(colPathAt(html, 2, 1)).toEqual(['Less than 1 year']);
    expect(colPathAt(html, 2, 2)).toEqual(['1-3 years']);
  });

  it('does spread it when the lowest row repeats one sub-header under each group', () => {
    const html =
      '<table><tr><td>At December 31</td><td rowspan="2">2015 As Reported</td><td></td><td rowspan="2">2014 As Reported</td><td></td></tr>' +
      '<tr><td>(in millions)</td><td>Net of Reinsurance</td><td>Net of Reinsurance</td></tr>' +
      '<tr><td>Liability</td><td>-74,942</td><td>-60,603</td><td>-77,260</td><td>-61,612</td></tr></table>';
    expect(colPathAt(html, 2, 2)).toEqual(['2015 As Reported', 'Net of Reinsurance']);
    expect(colPathAt(html, 2, 4)).toEqual(['2014 As Reported', 'Net of Reinsurance']);
  });

  it('lets a partial header row inside the body add a level under some columns only', () => {
    const html =
      '<table><tr><td></td><td>2012</td><td>2011</td><td>% Change</td></tr>' +
      '<tr><td>Premiums</td><td>852</td><td>820</td><td>3.9%</td></tr>' +
      '<tr><td></td><td></td><td></td><td>Point Chg</td></tr>' +
      '<tr><td>Loss ratio</td><td>82.2%</td><td>86.0%</td><td>-3.8</td></tr></table>';
    expect(colPathAt(html, 3, 1)).toEqual(['2012']);
    expect(colPathAt(html, 3, 3)).toEqual(['% Change', 'Point Chg']);
  });
});

describe('splitMarkdown', () => {
  it('cuts pipe tables from the footnotes around them and unescapes markdown', () => {
    const parts = splitMarkdown(
      '| | Truck* | Land** |\n|---|:---:|:---:|\n| Original cost | $ 57,000 | $ 18,000 |\n\n\\* The last sale was long ago.',
    );
    expect(parts).toEqual([
      {
        kind: 'table',
        rows: [
          ['', 'Truck*', 'Land**'],
          ['Original cost', '$ 57,000', '$ 18,000'],
        ],
      },
      { kind: 'text', text: '* The last sale was long ago.' },
    ]);
  });
});
