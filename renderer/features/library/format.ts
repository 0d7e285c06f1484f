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

// Formatters made once: `toLocaleDateString(locale, options)` builds a new Intl formatter on
// every call (~0.1–0.3 ms each), which made drawing 100 rows, or every row of 2,000 grouped by
// company, cost tens to hundreds of milliseconds (docs/BENCHMARKS.md, sector workspace). Made at
// first use, not as the app's script runs: the first Intl formatters of a window load the
// locale's data (~10 ms under load), which a window opened on a document does not need.
const once = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
const periodFormat = once(
  () =>
    new Intl.DateTimeFormat(undefined, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }),
);
const dayFormat = once(
  () => new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'numeric', day: 'numeric' }),
);
const timeFormat = once(
  () =>
    new Intl.DateTimeFormat(undefined, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
);
// A library repeats a few hundred period ends across thousands of filings.
const periods = new Map<string, string>();

/** "2025-06-29" -> "Jun 29, 2025" in the user's locale; the date is a calendar day, not a time. */
export function formatPeriod(iso: string): string {
  let text = periods.get(iso);
  if (text === undefined) {
    const d = new Date(`${iso}T00:00:00Z`);
    text = Number.isNaN(d.getTime()) ? iso : periodFormat().format(d);
    if (periods.size > 10_000) periods.clear();
    periods.set(iso, text);
  }
  return text;
}

/** An import time as the day (what `toLocaleDateString()` shows) and in full (its title). */
export function formatImported(iso: string): { day: string; full: string } {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return { day: iso, full: iso };
  return { day: dayFormat().format(d), full: timeFormat().format(d) };
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
 * workspace). 50 rows fill a 1,000-pixel-tall screen one and a half times; each keystroke of
 * the search draws them anew, so fewer is faster.
 */
export const LIBRARY_PAGE_ROWS = 50;

/**
 * Grouped by company, each section draws its newest COMPANY_PAGE_ROWS filings ("Show more"
 * adds COMPANY_MORE_ROWS), and the first COMPANY_PAGE_SECTIONS sections are drawn, more as
 * their end scrolls near: a sector's 2,000 filings drawn at once took a second.
 */
export const COMPANY_PAGE_ROWS = 5;
export const COMPANY_MORE_ROWS = 50;
export const COMPANY_PAGE_SECTIONS = 20;
