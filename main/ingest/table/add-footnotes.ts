/**
 * Adds footnote marks to a model cell or column header that may already be built. The
 * Document's objects keep their keys in the schema's order (shared/document), so the one check
 * of a Document verifies it in place and returns it, with no copy (main/document/
 * check-document.ts); a key added last to an object that has none would land after the keys
 * the schema puts behind it, and the whole Document would then be copied. So the keys behind
 * `footnotes` (`later`, in the schema's order) are taken out and put back after it. Rare (marks
 * that turn up once the object exists), so the cost of deleting keys does not count.
 */
export function addFootnotes<T extends { footnotes?: string[] | undefined }>(
  target: T,
  marks: readonly string[],
  later: readonly (keyof T & string)[],
): void {
  const footnotes = [...(target.footnotes ?? []), ...marks];
  if ('footnotes' in target) {
    target.footnotes = footnotes;
    return;
  }
  const o = target as Record<string, unknown>;
  const moved: [string, unknown][] = [];
  for (const key of later) {
    if (!(key in o)) continue;
    moved.push([key, o[key]]);
    delete o[key];
  }
  o.footnotes = footnotes;
  for (const [key, value] of moved) o[key] = value;
}

/** The keys of a Cell after `footnotes` (shared/document/cell.ts). */
export const cellKeysAfterFootnotes = [
  'rowPath',
  'colPath',
  'xbrl',
  'visible',
  'warnings',
] as const;

/** The keys of a HeaderNode after `footnotes` (shared/document/header-node.ts). */
export const headerKeysAfterFootnotes = ['sourceRow', 'firstCol', 'lastCol', 'children'] as const;
