import { describe, expect, it } from 'vitest';
import {
  factDigits,
  factValue,
  numberFromWords,
} from '../../../../main/ingest/sec-html/ixbrl-check';
import { ingestSecHtml } from '../../../../main/ingest/sec-html/ingest-sec-html';
import { unitString } from '../../../../main/ingest/sec-html/ixbrl-resources';
import { applyCellTags, cellUnitOfTag } from '../../../../main/ingest/sec-html/tags-first';
import { Document, type Cell, type XbrlFactRef } from '../../../../shared/document';
import { sandboxTables } from '../../../../shared/sandbox/document-tables';
import { cellInfoOf, TableSet } from '../../../../shared/sandbox/cell-lookup';

// Issue 23, "Tags first": hand-written inline XBRL as filers write it (Workiva's markup, the
// ixt v4 and ixt-sec formats), read into cells whose value, scale, sign and unit are the tag's.

/** The contexts and units the snippets use, in an ix:header as filings hide it. */
const header = `<div style="display:none"><ix:header><ix:hidden>
  <ix:nonFraction name="dei:EntityCommonStockSharesOutstanding" contextRef="i" unitRef="shares" decimals="INF" scale="0">999</ix:nonFraction>
  </ix:hidden><ix:resources>
  <xbrli:context id="fy24"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0001326801</xbrli:identifier></xbrli:entity>
    <xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>
  <xbrli:context id="i"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0001326801</xbrli:identifier></xbrli:entity>
    <xbrli:period><xbrli:instant>2024-12-31</xbrli:instant></xbrli:period></xbrli:context>
  <xbrli:context id="seg"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0001326801</xbrli:identifier>
    <xbrli:segment><xbrldi:explicitMember dimension="us-gaap:StatementBusinessSegmentsAxis">meta:FamilyOfAppsMember</xbrldi:explicitMember>
    <xbrldi:typedMember dimension="us-gaap:AwardDateAxis"><us-gaap:AwardDateDomain>2024-03-01</us-gaap:AwardDateDomain></xbrldi:typedMember></xbrli:segment></xbrli:entity>
    <xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>
  <xbrli:context id="always"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">1</xbrli:identifier></xbrli:entity>
    <xbrli:period><xbrli:forever/></xbrli:period></xbrli:context>
  <xbrli:unit id="usd"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
  <xbrli:unit id="shares"><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unit>
  <xbrli:unit id="pure"><xbrli:measure>xbrli:pure</xbrli:measure></xbrli:unit>
  <xbrli:unit id="segment"><xbrli:measure>meta:segment</xbrli:measure></xbrli:unit>
  <xbrli:unit id="usdPerShare"><xbrli:divide><xbrli:unitNumerator><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unitNumerator>
    <xbrli:unitDenominator><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unitDenominator></xbrli:divide></xbrli:unit>
  </ix:resources></ix:header></div>`;

/** A fact as Workiva writes one. */
const fact = (
  name: string,
  shown: string,
  attrs: {
    context?: string;
    unit?: string;
    scale?: number;
    decimals?: string;
    sign?: boolean;
    format?: string;
  } = {},
) =>
  `<ix:nonFraction unitRef="${attrs.unit ?? 'usd'}" contextRef="${attrs.context ?? 'fy24'}" decimals="${attrs.decimals ?? '-6'}" name="${name}" format="${attrs.format ?? 'ixt:num-dot-decimal'}" scale="${attrs.scale ?? 6}"${attrs.sign ? ' sign="-"' : ''}>${shown}</ix:nonFraction>`;

/** A filing with one table: a caption, a header row, then label / value rows. */
function filing(
  caption: string,
  rows: [string, string][],
  headerFirst = true,
  column = 'Year Ended December 31, 2024',
): string {
  const body = rows
    .map(([label, value]) => `<tr><td>${label}</td><td style="text-align:right">${value}</td></tr>`)
    .join('\n');
  const doc = `<html><body>
  ${headerFirst ? header : ''}
  <p style="text-align:center"><b>CONSOLIDATED STATEMENTS OF INCOME</b></p>
  <p style="text-align:center">${caption}</p>
  <table>
  <tr><td></td><td style="text-align:center">${column}</td></tr>
  ${body}
  </table>
  ${headerFirst ? '' : header}
  </body></html>`;
  return doc;
}

function cellsOf(html: string): Cell[] {
  const doc = Document.parse(ingestSecHtml(html, { name: 'x.htm', bytes: html.length }));
  return doc.tables.flatMap((t) => t.cells);
}

const byLabel = (cells: Cell[], label: string): Cell => {
  const c = cells.find((x) => x.rowPath.at(-1) === label);
  if (c === undefined) throw new Error(`no cell for ${label}`);
  return c;
};

describe('fact values: formats, scale and sign', () => {
  it('reads the display formats filings use', () => {
    expect(factDigits('1,234.50', 'ixt:num-dot-decimal')).toBe('1234.50');
    expect(factDigits('1.234,5', 'ixt:num-comma-decimal')).toBe('1234.5');
    expect(factDigits('1 234', 'ixt:numdotdecimal')).toBe('1234');
    expect(factDigits('—', 'ixt:fixed-zero')).toBe('0');
    expect(factDigits('-', 'ixt:zerodash')).toBe('0');
    expect(factDigits('none', 'ixt-sec:numwordsen')).toBe('0');
    expect(factDigits('no', 'ixt:num-word-en')).toBe('0');
    expect(factDigits('twenty-five', 'ixt-sec:numwordsen')).toBe('25');
    expect(factDigits('62360', null)).toBe('62360');
    // a format this reader does not know, or text the format does not fit
    expect(factDigits('5 years', 'ixt-sec:duryear')).toBeNull();
    expect(factDigits('$1,234', 'ixt:num-dot-decimal')).toBeNull();
    expect(numberFromWords('one hundred and five')).toBe(105);
    expect(numberFromWords('three million')).toBe(3_000_000);
    expect(numberFromWords('several')).toBeNull();
  });

  it('computes the value exactly: the decimal × 10^scale, negative for sign="-"', () => {
    const f = { format: 'ixt:num-dot-decimal', negated: false, nil: false };
    expect(factValue({ ...f, shown: '62,360', scale: 6 })).toBe(62_360_000_000);
    expect(factValue({ ...f, shown: '2.15', scale: 6 })).toBe(2_150_000); // not 2149999.9999…
    expect(factValue({ ...f, shown: '21.0', scale: -2 })).toBe(0.21);
    expect(factValue({ ...f, shown: '0.3', scale: -2 })).toBe(0.003);
    expect(factValue({ ...f, shown: '1,234', scale: 6, negated: true })).toBe(-1_234_000_000);
    expect(
      Object.is(
        factValue({ ...f, shown: '—', format: 'ixt:fixed-zero', scale: 6, negated: true }),
        0,
      ),
    ).toBe(true);
    expect(factValue({ ...f, shown: '', scale: 0, nil: true })).toBeNull();
  });

  it('names units by their measures, a division as numerator/denominator', () => {
    expect(unitString(['iso4217:USD'], [])).toBe('USD');
    expect(unitString(['iso4217:USD'], ['xbrli:shares'])).toBe('USD/shares');
    expect(unitString(['xbrli:pure'], [])).toBe('pure');
    const tag = (unit: string | null, scale = 0) => ({ unit, scale }) as XbrlFactRef;
    expect(cellUnitOfTag(tag('USD'), 'USD/share')).toBe('USD');
    expect(cellUnitOfTag(tag('EUR'), 'USD')).toBe('EUR');
    expect(cellUnitOfTag(tag('USD/shares'), 'USD')).toBe('USD/share');
    expect(cellUnitOfTag(tag('shares', 3), null)).toBe('shares');
    expect(cellUnitOfTag(tag('pure', -2), null)).toBe('%');
    expect(cellUnitOfTag(tag('pure', 0), 'x')).toBe('x');
    expect(cellUnitOfTag(tag('pure', 0), 'USD')).toBeNull();
    expect(cellUnitOfTag(tag('segment'), null)).toBe('segment');
    expect(cellUnitOfTag(tag('bbl'), 'USD')).toBe('bbl');
    expect(cellUnitOfTag(tag(null), 'USD')).toBe('USD'); // no unit found: nothing to say
  });
});

describe('which readings disagree with their tag', () => {
  const tagged = (unit: string | null, visibleUnit: string | null, agrees = true): Cell => ({
    sourceRow: 1,
    sourceCol: 1,
    text: '2',
    kind: 'number',
    value: 2,
    scale: 1,
    unit: visibleUnit,
    rowPath: ['Reportable segments'],
    colPath: ['2024'],
    xbrl: [
      {
        concept: 'us-gaap:NumberOfReportableSegments',
        contextRef: 'c',
        period: { instant: '2024-12-31' },
        dimensions: {},
        unitRef: 'u',
        unit,
        decimals: 'INF',
        scale: 0,
        negated: false,
        factValue: 2,
        agrees,
      },
    ],
  });
  const warned = (c: Cell) => {
    applyCellTags(c);
    return c.warnings ?? [];
  };

  it('a count the text calls a plain number agrees; one it calls dollars or shares does not', () => {
    expect(warned(tagged('segment', null))).toEqual([]);
    expect(warned(tagged('pure', 'x'))).toEqual([]);
    expect(warned(tagged('segment', 'USD'))).toHaveLength(1);
    expect(warned(tagged('shares', null))).toHaveLength(1);
    expect(warned(tagged('USD', 'USD/share'))).toHaveLength(1);
    expect(warned(tagged('USD', 'USD', false))).toHaveLength(1); // another quantity
  });
});

describe('contexts and units from ix:resources', () => {
  it('gives a fact its period, dimensions (explicit and typed), unit and decimals', () => {
    const cells = cellsOf(
      filing('(In millions)', [
        ['Revenue', fact('us-gaap:Revenues', '164,501')],
        ['Family of Apps revenue', fact('us-gaap:Revenues', '162,355', { context: 'seg' })],
        ['Cash', fact('us-gaap:Cash', '43,889', { context: 'i' })],
        ['Perpetual', fact('us-gaap:Other', '5', { context: 'always' })],
        ['Unknown context', fact('us-gaap:Other', '7', { context: 'nope' })],
      ]),
    );
    expect(byLabel(cells, 'Revenue').xbrl?.[0]).toEqual({
      concept: 'us-gaap:Revenues',
      contextRef: 'fy24',
      period: { start: '2024-01-01', end: '2024-12-31' },
      dimensions: {},
      unitRef: 'usd',
      unit: 'USD',
      decimals: -6,
      scale: 6,
      negated: false,
      factValue: 164_501_000_000,
      agrees: true,
    });
    expect(byLabel(cells, 'Family of Apps revenue').xbrl?.[0]?.dimensions).toEqual({
      'us-gaap:StatementBusinessSegmentsAxis': 'meta:FamilyOfAppsMember',
      'us-gaap:AwardDateAxis': '2024-03-01',
    });
    expect(byLabel(cells, 'Cash').xbrl?.[0]?.period).toEqual({ instant: '2024-12-31' });
    expect(byLabel(cells, 'Perpetual').xbrl?.[0]?.period).toEqual({ forever: true });
    expect(byLabel(cells, 'Unknown context').xbrl?.[0]?.period).toBeNull();
  });

  it('reads contexts written after the tables that use them', () => {
    const cells = cellsOf(
      filing('(In millions)', [['Revenue', fact('us-gaap:Revenues', '1')]], false),
    );
    expect(byLabel(cells, 'Revenue').xbrl?.[0]).toMatchObject({
      period: { start: '2024-01-01', end: '2024-12-31' },
      unit: 'USD',
    });
  });

  it('keeps hidden facts out of cells', () => {
    const html = filing('(In millions)', [
      ['Revenue', `<span style="display:none">${fact('us-gaap:Hidden', '5')}</span>7`],
    ]);
    const revenue = byLabel(cellsOf(html), 'Revenue');
    expect(revenue.xbrl).toBeUndefined();
    expect(revenue).toMatchObject({ value: 7, scale: 1e6 });
    // ix:hidden's fact (dei:EntityCommonStockSharesOutstanding) is in no cell either
    expect(cellsOf(html).some((c) => c.xbrl?.some((f) => f.concept.startsWith('dei:')))).toBe(
      false,
    );
  });
});

describe('the tag wins: value, scale, sign and unit', () => {
  const eps = (caption: string) =>
    cellsOf(
      filing(caption, [
        ['Net income', fact('us-gaap:NetIncomeLoss', '62,360')],
        // Meta: the numerator of diluted EPS, under a per-share heading
        [
          'Net income for diluted EPS',
          fact('us-gaap:NetIncomeLossAvailableToCommonStockholdersDiluted', '62,360'),
        ],
        [
          'Diluted earnings per share',
          fact('us-gaap:EarningsPerShareDiluted', '23.86', {
            unit: 'usdPerShare',
            scale: 0,
            decimals: '2',
          }),
        ],
      ]),
    );

  it('a per-share cell in a "(in millions, except per share data)" table is USD/share at scale 1', () => {
    const cells = eps('(In millions, except per share data)');
    const perShare = byLabel(cells, 'Diluted earnings per share');
    expect(perShare).toMatchObject({ value: 23.86, scale: 1, unit: 'USD/share' });
    expect(perShare.xbrl?.[0]).toMatchObject({ unit: 'USD/shares', decimals: 2, factValue: 23.86 });
    expect(perShare.scaleBasis).toEqual({
      source: 'inline-xbrl',
      phrase: 'scale="0"',
    });
    // the numerator is dollars in millions whatever its label says; the visible reading stays
    // beside it, with a warning naming both exactly when it read something else (the visible
    // reader's rules change; the tag's values do not)
    for (const label of ['Net income', 'Net income for diluted EPS']) {
      const c = byLabel(cells, label);
      expect(c, label).toMatchObject({ value: 62360, scale: 1e6, unit: 'USD' });
      const read = c.visible as NonNullable<Cell['visible']>;
      expect(read, label).toMatchObject({ value: 62360 });
      const concept = (c.xbrl?.[0] as XbrlFactRef).concept;
      const readWords = `62,360 ${read.unit}${read.scale === 1e6 ? ' millions' : ''}`;
      expect(c.warnings, label).toEqual(
        read.unit === 'USD' && read.scale === 1e6
          ? undefined
          : [
              `the filing tags this as 62,360 USD millions (${concept}); the visible text read ${readWords}`,
            ],
      );
    }
    // Under a "Per share" column the visible text reads the numerator as dollars per share
    // (Meta's "Net income for diluted EPS" read as 62,360 USD/share): the tag wins, and the
    // cell names both.
    const meta = cellsOf(
      filing(
        '(In millions, except per share data)',
        [
          [
            'Net income for diluted EPS',
            fact('us-gaap:NetIncomeLossAvailableToCommonStockholdersDiluted', '62,360'),
          ],
          [
            'Diluted',
            fact('us-gaap:EarningsPerShareDiluted', '23.86', {
              unit: 'usdPerShare',
              scale: 0,
              decimals: '2',
            }),
          ],
        ],
        true,
        'Per share',
      ),
    );
    const numerator = byLabel(meta, 'Net income for diluted EPS');
    expect(numerator).toMatchObject({ value: 62360, scale: 1e6, unit: 'USD' });
    expect(numerator.visible).toMatchObject({ value: 62360, scale: 1, unit: 'USD/share' });
    expect(numerator.warnings).toEqual([
      'the filing tags this as 62,360 USD millions (us-gaap:NetIncomeLossAvailableToCommonStockholdersDiluted); the visible text read 62,360 USD/share',
    ]);
    expect(byLabel(meta, 'Diluted')).toMatchObject({ value: 23.86, scale: 1, unit: 'USD/share' });
    expect(byLabel(meta, 'Diluted').warnings).toBeUndefined();
  });

  it('a shares cell tagged with scale 3 in a table whose caption says "in millions" is thousands, and says what the text read', () => {
    const cells = cellsOf(
      filing('(In millions)', [
        ['Revenue', fact('us-gaap:Revenues', '2,627')],
        // HubSpot: weighted-average shares 52,696 tagged ×1000 under a caption "in millions"
        [
          'Weighted average shares used in computing diluted net income per share',
          fact('us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding', '52,696', {
            unit: 'shares',
            scale: 3,
            decimals: '-3',
          }),
        ],
      ]),
    );
    const shares = byLabel(
      cells,
      'Weighted average shares used in computing diluted net income per share',
    );
    expect(shares).toMatchObject({ value: 52696, scale: 1000, unit: 'shares' });
    expect(shares.xbrl?.[0]?.factValue).toBe(52_696_000);
    expect(shares.visible).toMatchObject({ value: 52696, scale: 1e6, unit: 'shares' });
    expect(shares.warnings).toEqual([
      'the filing tags this as 52,696 shares thousands (us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding); the visible text read 52,696 shares millions',
    ]);
    // and a program reads the tag's quantity, with its concept and period
    const doc = ingestSecHtml(
      filing('(In millions)', [
        [
          'Weighted average diluted shares',
          fact('us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding', '52,696', {
            unit: 'shares',
            scale: 3,
          }),
        ],
      ]),
      { name: 'x.htm', bytes: 1 },
    );
    const set = new TableSet(sandboxTables(doc));
    const found = set.findCell(
      doc.tables[0]?.id ?? '',
      ['Weighted average diluted shares'],
      ['Year Ended December 31, 2024'],
    );
    if (!found.ok) throw new Error(found.message);
    expect(
      cellInfoOf(doc.tables[0]?.id ?? '', { ...found.cell, value: found.value }),
    ).toMatchObject({
      value: 52696,
      scale: 1000,
      base: 52_696_000,
      unit: 'shares',
      xbrl: {
        concept: 'us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding',
        period: { start: '2024-01-01', end: '2024-12-31' },
        dimensions: {},
        unit: 'shares',
        decimals: -6,
        shownValue: 52696,
      },
    });
  });

  it('takes the sign from the tag; parentheses alone are presentation, not a disagreement', () => {
    const cells = cellsOf(
      filing('(In millions)', [
        [
          'Purchases of property and equipment',
          `(${fact('us-gaap:PaymentsToAcquirePropertyPlantAndEquipment', '37,256')})`,
        ],
        [
          'Net cash used in investing activities',
          `(${fact('us-gaap:NetCashProvidedByUsedInInvestingActivities', '47,151', { sign: true })})`,
        ],
      ]),
    );
    const capex = byLabel(cells, 'Purchases of property and equipment');
    expect(capex).toMatchObject({ value: 37256, scale: 1e6, text: '(37,256)' });
    expect(capex.visible?.value).toBe(-37256);
    expect(capex.warnings).toBeUndefined();
    const investing = byLabel(cells, 'Net cash used in investing activities');
    expect(investing).toMatchObject({ value: -47151, visible: { value: -47151 } });
    expect(investing.xbrl?.[0]).toMatchObject({ negated: true, factValue: -47_151_000_000 });
  });

  it('percentages (pure at scale -2), counts, words and dashes', () => {
    const cells = cellsOf(
      filing('(In millions, except percentages)', [
        [
          'Effective tax rate',
          `${fact('us-gaap:EffectiveIncomeTaxRateContinuingOperations', '12.1', { unit: 'pure', scale: -2, decimals: '3' })}%`,
        ],
        [
          'Reportable segments',
          fact('us-gaap:NumberOfReportableSegments', '2', {
            unit: 'segment',
            scale: 0,
            decimals: 'INF',
          }),
        ],
        [
          'Impairments',
          fact('us-gaap:Impairment', 'None', { format: 'ixt-sec:numwordsen', scale: 0 }),
        ],
        ['Other', fact('us-gaap:Other', '—', { format: 'ixt:fixed-zero' })],
      ]),
    );
    expect(byLabel(cells, 'Effective tax rate')).toMatchObject({
      value: 12.1,
      scale: 0.01,
      unit: '%',
    });
    expect(byLabel(cells, 'Effective tax rate').xbrl?.[0]?.factValue).toBe(0.121);
    const segments = byLabel(cells, 'Reportable segments');
    expect(segments).toMatchObject({ value: 2, scale: 1, unit: 'segment' });
    // the text could not have said "segment", but it did say dollars, which is wrong
    expect(segments.warnings).toEqual([
      'the filing tags this as 2 segment (us-gaap:NumberOfReportableSegments); the visible text read 2 USD millions',
    ]);
    expect(segments.xbrl?.[0]).toMatchObject({ unit: 'segment', decimals: 'INF' });
    const none = byLabel(cells, 'Impairments');
    expect(none).toMatchObject({ kind: 'number', value: 0, scale: 1 });
    expect(none.visible?.kind).not.toBe('number'); // the text read "None" as no number
    expect(byLabel(cells, 'Other')).toMatchObject({ kind: 'dash', value: 0, scale: 1e6 });
  });

  it('a range: each end from its fact', () => {
    const cells = cellsOf(
      filing('(In millions)', [
        [
          'Discount rate',
          `${fact('us-gaap:RateLow', '3.5', { unit: 'pure', scale: -2, decimals: '3' })}%-${fact('us-gaap:RateHigh', '4.0', { unit: 'pure', scale: -2, decimals: '3' })}%`,
        ],
        [
          'Expected return',
          `${fact('us-gaap:Rate', '6.5', { unit: 'pure', scale: -2, decimals: '3' })}%`,
        ],
      ]),
    );
    const range = byLabel(cells, 'Discount rate');
    expect(range).toMatchObject({
      kind: 'range',
      range: [3.5, 4],
      value: null,
      scale: 0.01,
      unit: '%',
    });
    expect(range.warnings).toBeUndefined();
  });
});

describe('nested and several facts, unread ones', () => {
  it('finds a fact inside ix:nonNumeric, and notes a second fact nested in the first', () => {
    const cells = cellsOf(
      filing('(In millions)', [
        [
          'Revenue',
          `<ix:nonNumeric name="us-gaap:Note" contextRef="fy24">${fact('us-gaap:Revenues', '10')}</ix:nonNumeric>`,
        ],
        // Boeing: one number, tagged for basic and (nested) diluted EPS
        [
          'Net loss',
          `(${fact('us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic', fact('us-gaap:NetIncomeLossAvailableToCommonStockholdersDiluted', '11,875', { sign: true }), { sign: true })})`,
        ],
      ]),
    );
    expect(byLabel(cells, 'Revenue')).toMatchObject({ value: 10, scale: 1e6 });
    const loss = byLabel(cells, 'Net loss');
    expect(loss.xbrl?.map((f) => f.concept)).toEqual([
      'us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic',
      'us-gaap:NetIncomeLossAvailableToCommonStockholdersDiluted',
    ]);
    expect(loss).toMatchObject({ value: -11875, scale: 1e6, unit: 'USD' });
    expect(loss.warnings).toEqual([
      'the cell holds 2 tagged facts; its value is from us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic, not us-gaap:NetIncomeLossAvailableToCommonStockholdersDiluted',
    ]);
  });

  it('keeps the visible reading when the tag cannot be read, and says so', () => {
    const cells = cellsOf(
      filing('(In millions)', [
        ['Term', fact('us-gaap:Term', '5', { format: 'ixt:unknown-format' })],
      ]),
    );
    const term = byLabel(cells, 'Term');
    expect(term).toMatchObject({ value: 5, scale: 1e6 });
    expect(term.visible).toBeUndefined();
    expect(term.warnings).toEqual([
      'tagged us-gaap:Term in a form this reader cannot read: the visible reading is kept',
    ]);
  });
});
