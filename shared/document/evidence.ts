import { z } from 'zod';

/** A paragraph, or one table cell, that the user marked as evidence in a document. */
export const EvidenceTarget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), blockId: z.string().min(1) }),
  z.object({
    type: z.literal('cell'),
    tableId: z.string().min(1),
    sourceRow: z.number().int().nonnegative(),
    sourceCol: z.number().int().nonnegative(),
  }),
]);
export type EvidenceTarget = z.infer<typeof EvidenceTarget>;

export const EvidenceMark = z.object({
  id: z.number().int(),
  documentId: z.number().int(),
  target: EvidenceTarget,
  createdAt: z.string(),
});
export type EvidenceMark = z.infer<typeof EvidenceMark>;

/** One string per target, so "is this marked?" is a set lookup and the DB can enforce unique. */
export function evidenceKey(t: EvidenceTarget): string {
  return t.type === 'paragraph' ? `p:${t.blockId}` : `c:${t.tableId}:${t.sourceRow}:${t.sourceCol}`;
}
