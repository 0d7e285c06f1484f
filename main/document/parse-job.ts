import type { DocumentKind } from '../../shared/library/document-kind';

/** What the parse worker is asked to do; it answers the Document as validated UTF-8 JSON. */
export interface ParseRequest {
  path: string;
  name: string;
  kind: DocumentKind;
}
