// Worker thread entry: parses one PDF and posts progress per page and the result (main/jobs).
import { serveJob } from '../../jobs/serve-job';
import { PdfIngestError, toErrorData, type PdfErrorData } from './errors';
import { parsePdfBytes, type PdfParseResult } from './parse-pdf';
import type { PdfWorkerRequest } from './worker-protocol';

serveJob<PdfWorkerRequest, PdfParseResult>(
  (req, progress) =>
    parsePdfBytes(req.name, req.bytes, req.limits, (p) => progress(p.page, p.pages, 'pages')),
  {
    describeError: (err, req) => {
      const data: PdfErrorData =
        err instanceof PdfIngestError
          ? toErrorData(err)
          : {
              code: 'crashed',
              file: req.name,
              message: `${req.name}: the PDF parser failed (${err instanceof Error ? err.message : String(err)})`,
            };
      return { code: data.code, message: data.message, details: data };
    },
  },
);
