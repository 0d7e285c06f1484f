export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export const kindLabel: Record<string, string> = {
  'sec-html': 'SEC filing (HTML)',
  pdf: 'PDF',
  dataset: 'Dataset',
  other: 'Other',
};

/** "2025-06-29" -> "Jun 29, 2025" in the user's locale; the date is a calendar day, not a time. */
export function formatPeriod(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Short kind names for the Library's narrow Kind column (the long one is the cell's title). */
export const shortKindLabel: Record<string, string> = {
  'sec-html': 'SEC HTML',
  pdf: 'PDF',
  dataset: 'Dataset',
  other: 'Other',
};

/**
 * Rows drawn at first, and added each time the list's end scrolls near (or the keyboard goes
 * past it): a sector's library holds thousands of files, and drawing every row made the first
 * paint and each keystroke of the search grow with the library (docs/BENCHMARKS.md, sector
 * workspace). 100 rows fill a tall screen several times over.
 */
export const LIBRARY_PAGE_ROWS = 100;
