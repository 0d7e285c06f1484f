import type { Document } from '../../shared/document';
import { parseDocumentFast } from '../../shared/document/document-parse.generated';

/**
 * The one schema check of a Document built from a file's bytes, before it is written, cached
 * or shown: what `Document.parse` (zod) returns, with the same keys in the same order. A
 * Document already so (the SEC reader builds its objects with the schema's keys in the
 * schema's order) is checked where it is and returned itself: no second Document to allocate
 * and keep alive until it is written (docs/BENCHMARKS.md, "CLI ingest: the Document checked
 * in place"). Any other is copied into that form, as zod would.
 *
 * Why the check stays at run time: the file is untrusted and the Document is our reader's
 * output; a reader bug on a hostile or odd filing (a NaN, a negative row, a missing field)
 * must fail here with a clear error, not be written into the cache or a CLI output that
 * later fails to load. So nothing is skipped, only made cheap: `parseDocumentFast` is
 * generated from the zod schema (shared/document/document-parse.generated.ts, kept in step by
 * test/unit/document/document-parse-generated.test.ts) and accepts exactly what zod accepts,
 * without loading zod (about 60 ms of a cold CLI ingest) or running its generic parser (70 to
 * 100 ms on a big filing). Whatever it does not accept goes to zod, loaded only then, which
 * throws its usual error (or, should the two ever differ, decides).
 */
export async function checkDocument(doc: Document): Promise<Document> {
  const fast = parseDocumentFast(doc);
  if (fast !== undefined) return fast;
  const { Document: schema } = await import('../../shared/document/index.js');
  return schema.parse(doc);
}
