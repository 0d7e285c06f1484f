import { describe, expect, it } from 'vitest';
import { DatasetDocument } from '../../../shared/datasets';
import {
  Block,
  Cell,
  Document,
  documentSchemaVersion,
  HeaderNode,
  locationText,
  Table,
  upgradeDocumentJson,
} from '../../../shared/document';

const cell = {
  sourceRow: 3,
  sourceCol: 2,
  text: '(1,234)',
  kind: 'number',
  value: -1234,
  scale: 1e6,
  unit: 'USD',
  rowPath: ['Revenue', 'Product'],
  colPath: ['2025'],
};

const table = {
  id: 't4',
  sourceIndex: 4,
  caption: 'Statements of Operations (in millions)',
  scaleNote: '(in millions)',
  location: { kind: 'html', path: '/html[1]/body[1]/table[5]' },
  rowCount: 4,
  colCount: 3,
  columnHeaders: [{ text: 'Year', sourceRow: 0, firstCol: 1, lastCol: 2, children: [
    { text: '2025', sourceRow: 1, firstCol: 1, lastCol: 1, children: [] },
  ] }], // prettier-ignore
  rowHeaders: [{ text: 'Revenue', sourceRow: 2, firstCol: 0, lastCol: 0, children: [] }],
  rows: [{ sourceRow: 3, kind: 'data', label: 'Product', level: 1, path: ['Revenue', 'Product'] }],
  cells: [cell],
};

describe('Document model schemas', () => {
  it('accepts a document with heading, paragraph and table blocks', () => {
    const doc = Document.parse({
      schemaVersion: documentSchemaVersion,
      source: { name: 'x.htm', kind: 'sec-html', bytes: 10 },
      title: 'X',
      blocks: [
        { type: 'heading', id: 'h1', level: 2, text: 'Item 7.', location: { kind: 'html', path: '/p[1]' } },
        { type: 'paragraph', id: 'p1', text: 'Revenue grew.', location: { kind: 'pdf', page: 3, box: { x: 1, y: 2, width: 3, height: 4 } } },
        { type: 'table', id: 't4', location: { kind: 'html', path: '/table[5]' } },
      ],
      tables: [table],
      warnings: [],
    }); // prettier-ignore
    expect(doc.tables[0]?.cells[0]?.value).toBe(-1234);
    expect(doc.blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'table']);
  });

  it('parses header trees recursively', () => {
    const node = HeaderNode.parse(table.columnHeaders[0]);
    expect(node.children[0]?.text).toBe('2025');
    expect(() =>
      HeaderNode.parse({ ...table.columnHeaders[0], children: [{ text: 1 }] }),
    ).toThrow();
  });

  it('rejects cells that break the model: negative grid position, zero scale, unknown kind', () => {
    expect(() => Cell.parse({ ...cell, sourceRow: -1 })).toThrow();
    expect(() => Cell.parse({ ...cell, scale: 0 })).toThrow();
    expect(() => Cell.parse({ ...cell, kind: 'money' })).toThrow();
    expect(Cell.parse({ ...cell, value: null, kind: 'na' }).value).toBeNull();
  });

  it('keeps a range cell with both ends and inline XBRL metadata', () => {
    const parsed = Cell.parse({
      ...cell,
      kind: 'range',
      value: null,
      range: [3.6, 5.4],
      xbrl: [
        {
          concept: 'us-gaap:X',
          contextRef: 'c1',
          period: { start: '2025-01-01', end: '2025-03-31' },
          dimensions: {},
          unitRef: 'pure',
          unit: 'pure',
          decimals: 3,
          scale: -2,
          negated: false,
          factValue: 0.036,
          agrees: true,
        },
      ],
    });
    expect(parsed.range).toEqual([3.6, 5.4]);
    expect(parsed.xbrl?.[0]?.agrees).toBe(true);
  });

  it('rejects an unknown block type and a PDF location without a page', () => {
    expect(() =>
      Block.parse({ type: 'figure', id: 'f', location: { kind: 'html', path: '' } }),
    ).toThrow();
    expect(() =>
      Table.parse({
        ...table,
        location: { kind: 'pdf', box: { x: 0, y: 0, width: 1, height: 1 } },
      }),
    ).toThrow();
  });

  describe('dataset documents are plain Documents', () => {
    const datasetDoc = {
      schemaVersion: documentSchemaVersion,
      externalId: 'finqa/ADI_2009.pdf',
      source: { name: 'finqa_dev.json', kind: 'dataset', bytes: 812, format: 'finqa' },
      title: 'ADI/2009/page_49.pdf',
      blocks: [
        { type: 'paragraph', id: 'p0', text: 'Revenue rose.', location: { kind: 'dataset', pointer: '/17/pre_text/0' } },
        { type: 'table', id: 't4', location: { kind: 'dataset', pointer: '/17/table' } },
      ],
      tables: [{ ...table, location: { kind: 'dataset', pointer: '/17/table' } }],
      warnings: [],
    }; // prettier-ignore

    it('validates as a Document with nothing stripped, and as the narrower DatasetDocument', () => {
      expect(Document.parse(datasetDoc)).toEqual(datasetDoc);
      expect(DatasetDocument.parse(datasetDoc)).toEqual(datasetDoc);
    });

    it('a PDF-backed dataset document is a PDF source with the format and the relative path', () => {
      const fb = {
        ...datasetDoc,
        source: {
          name: '3M_2018_10K.pdf',
          kind: 'pdf',
          bytes: 0,
          format: 'financebench',
          file: 'pdfs/3M_2018_10K.pdf',
        },
        blocks: [],
        tables: [],
      };
      expect(Document.parse(fb)).toEqual(fb);
    });

    it('DatasetDocument insists on the external id and the format; Document does not', () => {
      const { externalId: _, ...anonymous } = datasetDoc;
      expect(Document.safeParse(anonymous).success).toBe(true);
      expect(DatasetDocument.safeParse(anonymous).success).toBe(false);
      const noFormat = { ...datasetDoc, source: { name: 'x.json', kind: 'dataset', bytes: 1 } };
      expect(Document.safeParse(noFormat).success).toBe(true);
      expect(DatasetDocument.safeParse(noFormat).success).toBe(false);
      expect(
        Document.safeParse({ ...datasetDoc, source: { ...datasetDoc.source, format: 'nope' } })
          .success,
      ).toBe(false);
    });

    it('a dataset location needs its JSON Pointer', () => {
      expect(() => Table.parse({ ...table, location: { kind: 'dataset' } })).toThrow();
    });
  });

  describe('warnings and page count (since schema version 2)', () => {
    const v2 = {
      schemaVersion: documentSchemaVersion,
      source: { name: 'scan.pdf', kind: 'pdf', bytes: 100 },
      title: 'scan',
      pageCount: 3,
      blocks: [],
      tables: [],
      warnings: ['Page 2 has no text layer (scanned image?): no text or tables could be read from it.'],
    }; // prettier-ignore

    it('requires warnings (possibly empty) and a whole, non-negative page count', () => {
      expect(Document.parse(v2).pageCount).toBe(3);
      const { warnings: _, ...noWarnings } = v2;
      expect(Document.safeParse(noWarnings).success).toBe(false);
      expect(Document.safeParse({ ...v2, warnings: [''] }).success).toBe(false);
      expect(Document.safeParse({ ...v2, pageCount: 2.5 }).success).toBe(false);
      expect(Document.safeParse({ ...v2, pageCount: -1 }).success).toBe(false);
    });

    it('refuses version 1 JSON as is, and reads it through upgradeDocumentJson', () => {
      const { warnings: _, pageCount: __, ...rest } = v2;
      const v1 = { ...rest, schemaVersion: 1 };
      expect(Document.safeParse(v1).success).toBe(false);
      expect(Document.parse(upgradeDocumentJson(v1))).toEqual({ ...rest, warnings: [] });
    });

    it('leaves current and foreign JSON to the schema', () => {
      expect(upgradeDocumentJson(v2)).toBe(v2);
      expect(upgradeDocumentJson(null)).toBeNull();
      expect(upgradeDocumentJson([1])).toEqual([1]);
      expect(Document.safeParse(upgradeDocumentJson({ ...v2, schemaVersion: 5 })).success).toBe(
        false,
      );
    });
  });

  describe('schema version 3: where scale and unit came from, footnote marks', () => {
    // A row of NVIDIA's FY2025 income statement and a row label of Boeing's 2024 10-K
    const eps = {
      ...cell,
      text: '$2.94',
      value: 2.94,
      scale: 1,
      unit: 'USD/share',
      scaleBasis: { source: 'table-exception', phrase: 'except per share data' },
      unitBasis: { source: 'row-label', phrase: 'Net income per share' },
      rowPath: ['Net income per share', 'Diluted'],
    };
    const v3Table = {
      ...table,
      rows: [{ ...table.rows[0], label: 'Other', footnotes: ['1'] }],
      cells: [{ ...eps, footnotes: ['2'] }],
    };
    const v2Document = {
      schemaVersion: 2,
      source: { name: 'tatqa_dev.json', kind: 'dataset', bytes: 812, format: 'tatqa' },
      externalId: 'tatqa/abc',
      title: 'abc',
      blocks: [{ type: 'table', id: 't4', location: { kind: 'dataset', pointer: '/0/table' } }],
      tables: [{ ...table, location: { kind: 'dataset', pointer: '/0/table' } }],
      warnings: [],
    };

    it('keeps the bases and footnotes of cells and row labels', () => {
      const parsed = Table.parse(v3Table);
      expect(parsed.cells[0]?.scaleBasis).toEqual(eps.scaleBasis);
      expect(parsed.cells[0]?.unitBasis?.source).toBe('row-label');
      expect(parsed.cells[0]?.footnotes).toEqual(['2']);
      expect(parsed.rows[0]?.footnotes).toEqual(['1']);
    });

    it('rejects an unknown basis source and an empty footnote mark', () => {
      expect(Cell.safeParse({ ...eps, scaleBasis: { source: 'guess', phrase: '' } }).success).toBe(
        false,
      );
      expect(Cell.safeParse({ ...eps, footnotes: [''] }).success).toBe(false);
    });

    it('reads a stored version-2 document through upgradeDocumentJson, nothing else changed', () => {
      expect(documentSchemaVersion).toBe(4);
      expect(Document.safeParse(v2Document).success).toBe(false);
      const upgraded = Document.parse(upgradeDocumentJson(v2Document));
      expect(upgraded).toEqual({ ...v2Document, schemaVersion: 4 });
      expect(upgraded.tables[0]?.cells[0]?.scaleBasis).toBeUndefined();
      expect(DatasetDocument.parse(upgradeDocumentJson(v2Document)).externalId).toBe('tatqa/abc');
    });
  });

  describe('schema version 4: tags first', () => {
    const fact = {
      concept: 'us-gaap:NetIncomeLoss',
      contextRef: 'c-1',
      period: { start: '2024-01-01', end: '2024-12-31' },
      dimensions: { 'us-gaap:StatementBusinessSegmentsAxis': 'meta:FamilyOfAppsMember' },
      unitRef: 'usd',
      unit: 'USD',
      decimals: -6,
      scale: 6,
      negated: false,
      factValue: 62_360_000_000,
      agrees: false,
    };
    const tagged = {
      ...cell,
      text: '62,360',
      value: 62360,
      scale: 1e6,
      unit: 'USD',
      scaleBasis: { source: 'inline-xbrl', phrase: 'scale="6"' },
      unitBasis: { source: 'inline-xbrl', phrase: 'unitRef="usd" (USD)' },
      xbrl: [fact],
      visible: {
        kind: 'number',
        value: 62360,
        scale: 1,
        unit: 'USD/share',
        scaleBasis: { source: 'table-exception', phrase: 'except per share data' },
      },
      warnings: [
        'the filing tags this as 62,360 USD millions (us-gaap:NetIncomeLoss); the visible text read 62,360 USD/share',
      ],
    };

    it('keeps a tagged cell: its fact with context and unit, the visible reading, its warning', () => {
      expect(Cell.parse(tagged)).toEqual(tagged);
      for (const period of [{ instant: '2024-12-31' }, { forever: true }, null])
        expect(Cell.safeParse({ ...tagged, xbrl: [{ ...fact, period }] }).success).toBe(true);
      expect(Cell.safeParse({ ...tagged, xbrl: [{ ...fact, decimals: 'INF' }] }).success).toBe(
        true,
      );
      // a period with neither an instant nor both dates, decimals that are no number, no warning
      for (const bad of [
        { xbrl: [{ ...fact, period: { start: '2024-01-01' } }] },
        { xbrl: [{ ...fact, decimals: 'all' }] },
        { xbrl: [{ ...fact, name: 'us-gaap:X', concept: undefined }] },
        { warnings: [''] },
      ])
        expect(Cell.safeParse({ ...tagged, ...bad }).success).toBe(false);
    });

    it('reads version 3 through upgradeDocumentJson: a fact keeps what it had, under its new names', () => {
      const v3Fact = {
        name: 'us-gaap:Revenues',
        contextRef: 'c1',
        unitRef: 'usd',
        scale: 3,
        negated: false,
        agrees: true,
      };
      const v3 = {
        schemaVersion: 3,
        source: { name: 'x.htm', kind: 'sec-html', bytes: 10 },
        title: 'X',
        blocks: [],
        tables: [
          {
            ...table,
            rows: [
              {
                ...table.rows[0],
                numbers: [
                  {
                    sourceCol: 0,
                    offset: 0,
                    text: '$0.01',
                    value: 0.01,
                    scale: 1,
                    unit: 'USD/share',
                    xbrl: [v3Fact],
                  },
                ],
              },
            ],
            cells: [{ ...cell, xbrl: [v3Fact] }],
          },
        ],
        warnings: [],
      };
      expect(Document.safeParse(v3).success).toBe(false);
      const upgraded = Document.parse(upgradeDocumentJson(v3));
      const expected = {
        concept: 'us-gaap:Revenues',
        contextRef: 'c1',
        period: null,
        dimensions: {},
        unitRef: 'usd',
        unit: null,
        decimals: null,
        scale: 3,
        negated: false,
        factValue: null,
        agrees: true,
      };
      expect(upgraded.schemaVersion).toBe(4);
      expect(upgraded.tables[0]?.cells[0]?.xbrl).toEqual([expected]);
      expect(upgraded.tables[0]?.rows[0]?.numbers?.[0]?.xbrl).toEqual([expected]);
      expect(upgraded.tables[0]?.cells[0]?.value).toBe(-1234);
    });
  });

  it('says where a location is, for each kind', () => {
    expect(locationText({ kind: 'pdf', page: 4, box: { x: 0, y: 0, width: 1, height: 1 } })).toBe(
      'page 4',
    );
    expect(locationText({ kind: 'html', path: '/html[1]/body[1]' })).toBe('/html[1]/body[1]');
    expect(locationText({ kind: 'dataset', pointer: '/3/table' })).toBe('dataset record /3/table');
  });
});
