import { describe, expect, it } from 'vitest';
import { basisText, scaleName } from '../../../shared/document';

describe('where a scale or unit came from, in words', () => {
  it('names the place and quotes the words read there', () => {
    expect(basisText({ source: 'column-header', phrase: '(In millions)' })).toBe(
      "column header '(In millions)'",
    );
    expect(basisText({ source: 'table-exception', phrase: 'except per share data' })).toBe(
      "the table's exception 'except per share data'",
    );
    expect(basisText({ source: 'row-label', phrase: 'Net income per diluted share' })).toBe(
      "row label 'Net income per diluted share'",
    );
    expect(basisText({ source: 'cell-text', phrase: '%' })).toBe("the cell shows '%'");
  });

  it('says a default as it is', () => {
    expect(basisText({ source: 'default', phrase: 'no scale stated' })).toBe('no scale stated');
  });

  it('names common scales and gives the multiplier otherwise', () => {
    expect(scaleName(1e6)).toBe('millions');
    expect(scaleName(1)).toBe('as shown');
    expect(scaleName(0.01)).toBe('hundredths (percent)');
    expect(scaleName(100)).toBe('×100');
  });
});
