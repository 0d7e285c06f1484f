/**
 * A source location as a reader would say it, apart from `source-location.ts`'s zod schemas:
 * the document view's cell details show it, and importing the schemas' file would load zod and
 * build them as the view opens (issue 26). The shape is written out here, not imported, so this
 * file depends on nothing; `SourceLocation` fits it.
 */
export type LocationTextSource =
  | { kind: 'pdf'; page: number }
  | { kind: 'html'; path: string }
  | { kind: 'dataset'; pointer: string };

/** The location as a reader would say it: "page 12", the element path, or the JSON Pointer. */
export function locationText(location: LocationTextSource): string {
  switch (location.kind) {
    case 'pdf':
      return `page ${location.page}`;
    case 'html':
      return location.path;
    case 'dataset':
      return `dataset record ${location.pointer}`;
  }
}
