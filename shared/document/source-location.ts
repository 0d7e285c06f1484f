import { z } from 'zod';
import { locationText as locationTextOf } from './location-text';

/** A box on a PDF page in PDF user-space points, origin at the page's bottom-left. */
export const PageBox = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
});
export type PageBox = z.infer<typeof PageBox>;

/**
 * Where a block came from, so the UI can show the original and a reader can check it.
 * HTML: an XPath-like element path with 1-based per-tag indices (`/html[1]/body[1]/div[3]`),
 * which `document.evaluate` understands. PDF: a 1-based page number and the block's box.
 * Dataset: a JSON Pointer (RFC 6901) into the dataset file ("/17/pre_text/3"), because a
 * benchmark record's text has neither an element path nor a page box.
 */
export const SourceLocation = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('html'), path: z.string() }),
  z.object({ kind: z.literal('pdf'), page: z.number().int().positive(), box: PageBox }),
  z.object({ kind: z.literal('dataset'), pointer: z.string() }),
]);
export type SourceLocation = z.infer<typeof SourceLocation>;

/**
 * The location as a reader would say it: "page 12", the element path, or the JSON Pointer. The
 * document view imports it from the zod-free `location-text.ts` (issue 26); here it keeps the
 * exact `SourceLocation` parameter.
 */
export const locationText: (location: SourceLocation) => string = locationTextOf;
