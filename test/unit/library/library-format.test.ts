import { describe, expect, it } from 'vitest';
import { formatImported, formatPeriod } from '../../../renderer/features/library/format';

describe('Library dates, with formatters made once', () => {
  it('a period end reads as the calendar day, in the locale, whatever the time zone', () => {
    for (const iso of ['2025-06-29', '2024-12-31', '2017-01-01']) {
      expect(formatPeriod(iso)).toBe(
        new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, {
          year: 'numeric',
          month: 'short',
          day: 'numeric',
          timeZone: 'UTC',
        }),
      );
    }
    expect(formatPeriod('2025-06-29')).toBe(formatPeriod('2025-06-29'));
    expect(formatPeriod('not a date')).toBe('not a date');
  });

  it('an import time shows as toLocaleDateString and toLocaleString would', () => {
    const iso = '2026-11-27T19:20:27.123Z';
    const d = new Date(iso);
    expect(formatImported(iso)).toEqual({ day: d.toLocaleDateString(), full: d.toLocaleString() });
    expect(formatImported('garbage')).toEqual({ day: 'garbage', full: 'garbage' });
  });
});
