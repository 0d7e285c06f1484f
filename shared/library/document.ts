import { z } from 'zod';
import { DocumentKind } from './document-kind';

export const DocumentSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: DocumentKind,
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  importedAt: z.string(),
});
export type DocumentSummary = z.infer<typeof DocumentSummary>;

export const ImportItemResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), name: z.string(), document: DocumentSummary }),
  z.object({
    ok: z.literal(false),
    name: z.string(),
    error: z.object({ code: z.string(), message: z.string() }),
  }),
]);
export type ImportItemResult = z.infer<typeof ImportItemResult>;

export const ImportReport = z.object({ items: z.array(ImportItemResult) });
export type ImportReport = z.infer<typeof ImportReport>;
