/**
 * Worker thread: reads one stored PDF into the Document model, validates it and posts it back
 * as UTF-8 JSON in a transferred buffer. Checking and serialising a PDF with 200k numbers takes
 * over a second; here that second is not the API's (the HTML parse worker does the same).
 */
import { readFile } from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';
import type { ErrorCode } from '../../shared/api/result';
import { WorkbenchError } from '../../shared/api/result';
import { Document, documentSchemaVersion } from '../../shared/document';
import { parseDocumentFast } from '../../shared/document/document-parse.generated';
import { PdfIngestError, type PdfErrorCode } from '../ingest/pdf/errors';
import { parsePdfBytes, type PdfLimits } from '../ingest/pdf/parse-pdf';
import { serveJob } from '../jobs/serve-job';
import type { ParseRequest } from './parse-job';
import { pageBatcher, type ParsedPages } from './parsed-pages';

export interface PdfParseRequest extends ParseRequest {
  limits: PdfLimits;
  /** Where the pages read so far go (parsed-pages.ts), transferred with the request. */
  pagesPort?: MessagePort;
  /**
   * Tests only (parseInWorker's option; no API, CLI or setting reaches it): wait this long
   * after each page, so a test sees the view while the parse is still running.
   */
  testOnlyPageDelayMs?: number;
}

/** The API's code for each way pdf.js or our reader refuses a file. */
const codeOf = (code: PdfErrorCode): ErrorCode =>
  code === 'too-large' ? 'file-too-large' : code === 'aborted' ? 'cancelled' : 'file-unreadable';

/**
 * The Document check of check-document.ts (the parser generated from the schema; zod decides
 * only what it refuses), synchronous because zod is loaded in this worker anyway. On ADOBE's
 * 112-page 10-K: zod alone 7–37 ms per whole Document, this 1–4 ms; it runs once per batch of
 * pages read so far and once on the whole.
 */
const check = (d: Document): Document => parseDocumentFast(d) ?? Document.parse(d);

serveJob<PdfParseRequest, Uint8Array>(
  async (req, report) => {
    const buf = await readFile(req.path);
    const port = req.pagesPort;
    const pagesRead = port
      ? pageBatcher(
          {
            schemaVersion: documentSchemaVersion,
            source: { name: req.name, kind: 'pdf', bytes: buf.byteLength },
            title: req.name.replace(/\.pdf$/i, ''),
            warnings: [],
          },
          (batch: ParsedPages) => port.postMessage(batch),
          // The same check as the whole Document's below, on these pages only.
          check,
        )
      : undefined;
    const delay = req.testOnlyPageDelayMs ?? 0;
    const { document } = await parsePdfBytes(
      req.name,
      new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength),
      req.limits,
      (p) => {
        if (p.parsed) pagesRead?.(p.page, p.pages, p.parsed);
        report(p.page, p.pages, 'pages');
        // Holds this thread only (the page's batch and progress are already posted).
        if (delay > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, delay);
      },
    );
    // Validated here, before it is cached: a reader bug must not poison the cache.
    return new TextEncoder().encode(JSON.stringify(check(document)));
  },
  {
    transfer: (json) => [json.buffer as ArrayBuffer],
    describeError: (e, req) =>
      e instanceof PdfIngestError
        ? { code: codeOf(e.code), message: e.message }
        : e instanceof WorkbenchError
          ? { code: e.code, message: e.message }
          : { code: 'internal', message: `${req.name}: ${(e as Error).message}` },
  },
);
