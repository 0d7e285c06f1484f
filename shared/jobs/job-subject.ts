/**
 * The subject of a document's parse: main tags the job with it, the document view finds it.
 * Apart from `job.ts`'s zod schemas, which the document view would otherwise load and build as
 * it opens (issue 26); `job.ts` re-exports it.
 */
export const documentJobSubject = (documentId: number) => `document:${documentId}`;
