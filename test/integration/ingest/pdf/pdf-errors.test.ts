import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ingestPdf,
  livePdfWorkers,
  PdfIngestError,
  parsePdfInWorker,
  type PdfErrorCode,
} from '../../../../main/ingest/pdf';
import { dataPath, hasData } from '../../../support/data-dir';
import { tempDir } from '../../../support/temp-dir';
import { makePdf, sampleTablePage } from './make-pdf';

/** Runs the parse and returns the error it must fail with. */
async function failure(run: Promise<unknown>): Promise<PdfIngestError> {
  try {
    await run;
  } catch (err) {
    expect(err).toBeInstanceOf(PdfIngestError);
    return err as PdfIngestError;
  }
  throw new Error('expected the PDF to be refused');
}

function expectRefused(err: PdfIngestError, code: PdfErrorCode, file: string, reason: RegExp) {
  expect(err.code).toBe(code);
  expect(err.file).toBe(file);
  expect(err.message.startsWith(`${file}: `)).toBe(true);
  expect(err.message).toMatch(reason);
}

describe('PDF ingest refuses bad input with a clear error and leaves no worker behind', () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    tmp = tempDir('workbench-pdf-');
  });
  afterEach(() => {
    // Every call awaits the worker's termination before it settles.
    expect(livePdfWorkers()).toBe(0);
    tmp.cleanup();
  });

  const write = (name: string, bytes: Uint8Array) => {
    const p = join(tmp.dir, name);
    writeFileSync(p, bytes);
    return p;
  };

  it('an empty file', async () => {
    const err = await failure(ingestPdf(write('empty.pdf', new Uint8Array(0))));
    expectRefused(err, 'empty', 'empty.pdf', /empty file \(0 bytes\)/);
  });

  it('random bytes with a .pdf name', async () => {
    const bytes = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251);
    const err = await failure(ingestPdf(write('x.pdf', bytes)));
    expectRefused(err, 'not-pdf', 'x.pdf', /^x\.pdf: not a PDF \(missing %PDF header\)$/);
  });

  it('a PDF cut in half', async () => {
    const full = makePdf([sampleTablePage(), sampleTablePage()]);
    const err = await failure(
      ingestPdf({ name: 'half.pdf', bytes: full.slice(0, full.length / 2) }),
    );
    expectRefused(
      err,
      'corrupt',
      'half.pdf',
      /truncated or corrupt \(no %%EOF end marker; pdf\.js: .+\)/,
    );
  });

  it.skipIf(!hasData)('a real 10-K cut in half', async () => {
    const full = readFileSync(dataPath('financebench', 'pdfs', '3M_2018_10K.pdf'));
    const path = write('3M_2018_10K.pdf', new Uint8Array(full.subarray(0, full.length / 2)));
    const err = await failure(ingestPdf(path));
    expectRefused(err, 'corrupt', '3M_2018_10K.pdf', /truncated or corrupt/);
  });

  it('a password-protected PDF', async () => {
    const bytes = makePdf([sampleTablePage()], { encrypted: true });
    const err = await failure(ingestPdf({ name: 'locked.pdf', bytes }));
    expectRefused(err, 'password', 'locked.pdf', /password-protected/);
  });

  it('a file that does not exist', async () => {
    const err = await failure(ingestPdf(join(tmp.dir, 'missing.pdf')));
    expectRefused(err, 'not-pdf', 'missing.pdf', /cannot read the file/);
  });

  it('more pages than the limit', async () => {
    const bytes = makePdf([sampleTablePage(), sampleTablePage(), sampleTablePage()]);
    const err = await failure(ingestPdf({ name: 'long.pdf', bytes }, { maxPages: 2 }));
    expectRefused(err, 'too-many-pages', 'long.pdf', /too many pages \(3 > limit 2\)/);
  });

  it('a file larger than the size limit', async () => {
    const bytes = makePdf([sampleTablePage()]);
    const err = await failure(ingestPdf({ name: 'big.pdf', bytes }, { maxBytes: 100 }));
    expectRefused(err, 'too-large', 'big.pdf', /file too large/);
  });

  it('a parse that runs past the time limit', async () => {
    const bytes = makePdf([sampleTablePage(), sampleTablePage()]);
    const err = await failure(ingestPdf({ name: 'slow.pdf', bytes }, { timeoutMs: 1 }));
    expectRefused(err, 'timeout', 'slow.pdf', /took longer than 0\.001 s/);
  });

  it('a parse cancelled by its caller', async () => {
    const controller = new AbortController();
    const bytes = makePdf([sampleTablePage()]);
    const run = parsePdfInWorker({ name: 'cancel.pdf', bytes }, undefined, {
      signal: controller.signal,
    });
    controller.abort();
    const err = await failure(run);
    expectRefused(err, 'aborted', 'cancel.pdf', /cancelled/);
  });

  it('a good file after the bad ones still parses, with progress per page', async () => {
    const path = write('good.pdf', makePdf([sampleTablePage(), sampleTablePage()]));
    const progress: string[] = [];
    const result = await parsePdfInWorker(path, (p) => progress.push(`${p.page}/${p.pages}`));
    expect(progress).toEqual(['1/2', '2/2']);
    expect(result.pageCount).toBe(2);
    expect(result.document.source).toEqual({
      name: 'good.pdf',
      kind: 'pdf',
      bytes: readFileSync(path).length,
    });
  });
});
