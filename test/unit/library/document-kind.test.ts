import { describe, expect, it } from 'vitest';
import { contentMismatch, detectDocumentKind } from '../../../shared/library/document-kind';

describe('detectDocumentKind', () => {
  it('recognises PDFs by their magic bytes, whatever the name', () => {
    expect(detectDocumentKind('report.pdf', '%PDF-1.7\n...')).toBe('pdf');
    expect(detectDocumentKind('renamed.txt', '%PDF-1.4')).toBe('pdf');
  });

  it('recognises SEC filings: inline XBRL, EDGAR header, or form name', () => {
    expect(
      detectDocumentKind('x.htm', '<html xmlns:ix="http://www.xbrl.org/2013/inlineXBRL">'),
    ).toBe('sec-html');
    expect(
      detectDocumentKind('x.htm', '<html><body>SECURITIES AND EXCHANGE COMMISSION FORM 10-K'),
    ).toBe('sec-html');
    expect(detectDocumentKind('aapl-10-q.html', '<!DOCTYPE html><html><body>quarterly')).toBe(
      'sec-html',
    );
  });

  it('calls other HTML "other"', () => {
    expect(detectDocumentKind('blog.html', '<!doctype html><html><body>hello</body></html>')).toBe(
      'other',
    );
  });

  it('recognises JSON datasets and falls back to other', () => {
    expect(detectDocumentKind('tatqa_dataset_dev.json', '[{"table": {"uid": "x"}}]')).toBe(
      'dataset',
    );
    expect(detectDocumentKind('preds.jsonl', '{"id": 1}\n{"id": 2}')).toBe('dataset');
    expect(detectDocumentKind('notes.txt', 'plain words')).toBe('other');
    expect(detectDocumentKind('broken.json', 'not json')).toBe('other');
  });
});

describe('contentMismatch', () => {
  it('accepts a PDF, HTML, and names it promises nothing about', () => {
    expect(contentMismatch('r.pdf', '%PDF-1.7\n…')).toBeUndefined();
    expect(contentMismatch('r.pdf', '\r\n\r\n%PDF-1.4')).toBeUndefined();
    expect(contentMismatch('a.htm', '<!DOCTYPE html><html>')).toBeUndefined();
    expect(
      contentMismatch('a.html', '\uFEFF  <?xml version="1.0"?><html xmlns:ix='),
    ).toBeUndefined();
    expect(contentMismatch('a.htm', '<DOCUMENT>\n<TYPE>10-K')).toBeUndefined();
    expect(contentMismatch('notes.txt', 'hello')).toBeUndefined();
  });

  it('refuses a .pdf that is not a PDF and a .htm that is not HTML, saying what it looks like', () => {
    expect(contentMismatch('report.pdf', '<html><body>Access denied</body></html>')).toBe(
      'not a PDF: it has no %PDF- header in its first 1,024 bytes (it looks like HTML or XML)',
    );
    expect(contentMismatch('report.PDF', 'PK\u0003\u0004…')).toMatch(/ZIP archive/);
    expect(contentMismatch('filing.htm', '%PDF-1.4 …')).toBe(
      'not HTML: its first 4 KB hold no markup (it is a PDF)',
    );
    expect(contentMismatch('filing.html', 'just some text, no tags')).toMatch(/^not HTML/);
    expect(contentMismatch('filing.html', '<html>\u0000\u0001')).toMatch(/^not HTML/);
  });
});
