/** Why a PDF could not be read; `message` always starts with the file's name. */
export type PdfErrorCode =
  | 'empty'
  | 'not-pdf'
  | 'corrupt'
  | 'password'
  | 'too-large'
  | 'too-many-pages'
  | 'timeout'
  | 'aborted'
  | 'crashed';

export class PdfIngestError extends Error {
  override readonly name = 'PdfIngestError';
  constructor(
    readonly code: PdfErrorCode,
    readonly file: string,
    reason: string,
  ) {
    super(`${file}: ${reason}`);
  }
}

/** The plain shape an error crosses the worker boundary in (class identity does not survive). */
export interface PdfErrorData {
  code: PdfErrorCode;
  file: string;
  message: string;
}

export const toErrorData = (e: PdfIngestError): PdfErrorData => ({
  code: e.code,
  file: e.file,
  message: e.message,
});

export function fromErrorData(d: PdfErrorData): PdfIngestError {
  const err = new PdfIngestError(d.code, d.file, '');
  err.message = d.message;
  return err;
}
