import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { checkDocument } from '../../../main/document/check-document';
import { ingestSecHtml } from '../../../main/ingest/sec-html/ingest-sec-html';
import { Document } from '../../../shared/document';

const html = `<html><head><title>X 10-K</title></head><body>
<p>Form 10-K</p><p>(In millions)</p>
<table><tr><td></td><td>2024</td><td>2023</td></tr>
<tr><td>Revenue</td><td>$1,200</td><td>$1,100</td></tr>
<tr><td>Cost of sales</td><td>(700)</td><td>(650)</td></tr></table></body></html>`;

describe('checkDocument', () => {
  it("returns zod's answer for a reader's Document: the same keys in the same order", async () => {
    const doc = ingestSecHtml(html, { name: 'x-10-k.html', bytes: html.length });
    const checked = await checkDocument(doc);
    expect(JSON.stringify(checked)).toBe(JSON.stringify(Document.parse(doc)));
    expect(checked.tables[0]?.cells.length).toBeGreaterThan(0);
  });

  it("throws zod's error for a Document the reader got wrong", async () => {
    const doc = ingestSecHtml(html, { name: 'x-10-k.html', bytes: html.length });
    const cell = doc.tables[0]!.cells[0]!;
    cell.sourceRow = -1;
    const error = await checkDocument(doc).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues[0]?.path).toEqual(['tables', 0, 'cells', 0, 'sourceRow']);
    cell.sourceRow = 1;
    cell.value = NaN;
    await expect(checkDocument(doc)).rejects.toBeInstanceOf(ZodError);
  });
});
