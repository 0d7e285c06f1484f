import type { DocumentKind } from '../../shared/library/document-kind';

/** What the parse worker is asked to do and what it answers. */
export interface ParseRequest {
  path: string;
  name: string;
  kind: DocumentKind;
}

export type ParseReply =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; model: unknown }
  | { type: 'failed'; code: string; message: string };
