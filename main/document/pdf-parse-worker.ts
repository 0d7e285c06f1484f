/**
 * Worker thread: reads one stored PDF into the Document model, validates it and posts it back
 * as UTF-8 JSON in a transferred buffer. Checking and serialising a PDF with 200k numbers takes
 * over a second; here that second is not the API's (the HTML parse worker does the same).
 */
import { readFile } from 'node:fs/promises';
import type { ErrorCode } from '../../shared/api/result';
import { WorkbenchError } from '../../shared/api/result';
import { Document } from '../../shared/document';
import { PdfIngestError, type PdfErrorCode } from '../ingest/pdf/errors';
import { parsePdfBytes, type PdfLimits } from '../ingest/pdf/parse-pdf';
import { serveJob } from '../jobs/serve-job';
import type { ParseRequest } from './parse-job';

export interface PdfParseRequest extends ParseRequest {
  limits: PdfLimits;
}

/** The API's code for each way pdf.js or our reader refuses a file. */
const codeOf = (code: PdfErrorCode): ErrorCode =>
  code === 'too-large' ? 'file-too-large' : code === 'aborted' ? 'cancelled' : 'file-unreadable';

serveJob<PdfParseRequest, Uint8Array>(
  async (req, report) => {
    const buf = await readFile(req.path);
    const { document } = await parsePdfBytes(
      req.name,
      new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength),
      req.limits,
      (p) => report(p.page, p.pages, 'pages'),
    );
    // Validated here, before it is cached: a reader bug must not poison the cache.
    return new TextEncoder().encode(JSON.stringify(Document.parse(document)));
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
