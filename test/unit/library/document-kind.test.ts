import { describe, expect, it } from 'vitest';
import { detectDocumentKind } from '../../../shared/library/document-kind';

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
