import type { DocumentKind } from '../../shared/library/document-kind';

/** What the parse worker is asked to do and what it answers. */
export interface ParseRequest {
  path: string;
  name: string;
  kind: DocumentKind;
}

export type ParseReply =
  /** `percent` of the work done, 0..100. */
  | { type: 'progress'; percent: number }
  /** The Document as JSON (UTF-8), validated against the schema in the worker. */
  | { type: 'done'; json: Uint8Array }
  | { type: 'failed'; code: string; message: string };
