import { describe, expect, it } from 'vitest';
import { footnoteMarks } from '../../../../main/ingest/sec-html/html-walker';
import { readInlineStyle } from '../../../../main/ingest/sec-html/inline-style';

describe('footnote marks printed raised', () => {
  it('reads marks as printed: numbers, letters, symbols, lists', () => {
    expect(footnoteMarks('(1)')).toEqual(['1']);
    expect(footnoteMarks(' 2 ')).toEqual(['2']);
    expect(footnoteMarks('(a)')).toEqual(['a']);
    expect(footnoteMarks('*')).toEqual(['*']);
    expect(footnoteMarks('1,2')).toEqual(['1', '2']);
    expect(footnoteMarks('(1)(3)')).toEqual(['1', '3']);
  });

  it('refuses raised text that is not only marks', () => {
    expect(footnoteMarks('®')).toBeNull();
    expect(footnoteMarks('TM')).toBeNull();
    expect(footnoteMarks('th')).toBeNull();
    expect(footnoteMarks('123')).toBeNull();
    expect(footnoteMarks('')).toBeNull();
  });

  it('knows a raised run by its style (Workiva writes "position:relative;top:-3.5pt")', () => {
    const workiva =
      "color:#000000;font-family:'Arial',sans-serif;font-size:6.5pt;font-weight:400;line-height:120%;position:relative;top:-3.5pt;vertical-align:baseline";
    expect(readInlineStyle(workiva, false).raised).toBe(true);
    expect(readInlineStyle('font-size:7pt;vertical-align:super', false).raised).toBe(true);
    expect(readInlineStyle('position:relative;top:2pt', false).raised).toBeUndefined();
    expect(readInlineStyle('margin-top:-3pt', false).raised).toBeUndefined();
    expect(readInlineStyle('vertical-align:bottom', false).raised).toBeUndefined();
  });
});
