import { describe, expect, it } from 'vitest';
import { csvDocument, csvField, csvRow, csvText, CSV_EOL } from '../../../shared/export/csv';
import { evidenceCsv, type EvidenceRow } from '../../../renderer/features/document/evidence-rows';
import { formulaCells, guardedText, HOSTILE_CELLS, parseCsv, PLAIN_CELLS } from '../../support/csv';

// The app's one CSV writer (shared/export/csv.ts): RFC 4180 quoting, CRLF, and the formula guard
// on text fields (OWASP: a leading apostrophe, the field quoted), never on typed numbers.

describe('the CSV writer', () => {
  it('guards every text a spreadsheet would run: apostrophe in front, field quoted', () => {
    expect(csvText('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvText('+1+1')).toBe(`"'+1+1"`);
    expect(csvText('-2+3')).toBe(`"'-2+3"`);
    expect(csvText('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvText('\t=1')).toBe(`"'\t=1"`);
    expect(csvText('\r=1')).toBe(`"'\r=1"`);
    expect(csvText("=cmd|' /C calc'!A0")).toBe(`"'=cmd|' /C calc'!A0"`);
    expect(csvText('-')).toBe(`"'-"`);
    for (const s of HOSTILE_CELLS) expect(csvField(s)).toMatch(/^"'/);
  });

  it('leaves numbers numbers: typed numbers, and text that is exactly a negative decimal', () => {
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(-8184)).toBe('-8184');
    expect(csvField(1e21)).toBe('1e+21');
    expect(csvField(-1e-7)).toBe('-1e-7');
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField('-8184')).toBe('-8184');
    // Anything more than a plain decimal is text a spreadsheet may evaluate: guarded.
    expect(csvField('-12.5%')).toBe(`"'-12.5%"`);
    expect(csvField('-1e5')).toBe(`"'-1e5"`);
    expect(csvField('-1,234')).toBe(`"'-1,234"`);
    expect(csvField('-12.')).toBe(`"'-12."`);
    // A non-finite number is no number a spreadsheet reads: written as guarded text.
    expect(csvField(-Infinity)).toBe(`"'-Infinity"`);
    expect(csvField(NaN)).toBe('NaN');
  });

  it('quotes per RFC 4180 and writes null, undefined and booleans plainly', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\ronly')).toBe('"cr\ronly"');
    expect(csvField('plain')).toBe('plain');
    expect(csvField('')).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(true)).toBe('true');
    expect(csvField(false)).toBe('false');
    expect(csvRow(['a', 1, null])).toBe(`a,1,${CSV_EOL}`);
    expect(CSV_EOL).toBe('\r\n');
  });

  it('a hostile document parses back to the original text, each formula with its apostrophe', () => {
    const cells = [...HOSTILE_CELLS, ...PLAIN_CELLS];
    const text = csvDocument(
      ['text', 'number'],
      cells.map((c, i) => [c, i % 2 === 0 ? -12.5 : i]),
    );
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['text', 'number']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(cells.map(guardedText));
    expect(rows.slice(1).map((r) => Number(r[1]))).toEqual(
      cells.map((_, i) => (i % 2 === 0 ? -12.5 : i)),
    );
    for (const h of HOSTILE_CELLS) expect(guardedText(h)).toBe(`'${h}`);
    for (const p of PLAIN_CELLS) expect(guardedText(p)).toBe(p);
    expect(formulaCells(rows)).toEqual([]);
    // Every record, the last one included, ends with CRLF; no bare LF or CR between records.
    expect(text.endsWith(CSV_EOL)).toBe(true);
  });
});

describe('the evidence panel’s CSV (renderer) goes through it', () => {
  it('guards hostile filing text in every text column; the value column stays a number', () => {
    const row = (h: string, i: number): EvidenceRow => ({
      key: h,
      target: { type: 'paragraph', blockId: `b${i}` },
      kind: 'cell',
      where: h,
      rowPath: h,
      colPath: h,
      text: h,
      value: -12.5,
      scale: 1000,
      unit: h,
      page: 3,
      found: true,
    });
    const rows = parseCsv(evidenceCsv(HOSTILE_CELLS[0], HOSTILE_CELLS.map(row)));
    expect(rows).toHaveLength(HOSTILE_CELLS.length + 1);
    for (const [i, h] of HOSTILE_CELLS.entries()) {
      const r = rows[i + 1]!;
      expect(r).toEqual([
        `'${HOSTILE_CELLS[0]}`,
        'cell',
        `'${h}`,
        `'${h}`,
        `'${h}`,
        `'${h}`,
        '-12.5',
        '1000',
        `'${h}`,
        '3',
        `'${h}`,
      ]);
    }
    expect(formulaCells(rows)).toEqual([]);
  });
});
