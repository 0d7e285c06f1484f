/** The `job.progress` id of a document's parse: main emits it, the document view listens for it. */
export const parseJobId = (documentId: number) => `parse-${documentId}`;
