/**
 * How a filing's cover facts read in the Library (no zod here: the Library's screen imports
 * these, and the app's first script is kept free of schemas; shared/library/filing-facts.ts
 * re-exports them).
 */

/** "0000200406", "200406", "CIK 0000200406" → "0000200406"; null when it is not a CIK. */
export function normalizeCik(text: string): string | null {
  const digits = /^\s*(?:CIK\s*)?(\d{1,10})\s*$/i.exec(text)?.[1];
  return digits && /[1-9]/.test(digits) ? digits.padStart(10, '0') : null;
}

/**
 * How the Library names a filing's period: "FY2024" for a year, "Q2 2025" for a quarter,
 * "H1 2025" and "9M 2025" for six and nine months, "fiscal 2025" when only the year is known.
 */
export function fiscalPeriodLabel(
  facts: { fiscalPeriod: string | null; fiscalYear: number | null } | null,
): string | null {
  if (!facts || facts.fiscalYear === null) return null;
  const y = facts.fiscalYear;
  const p = facts.fiscalPeriod;
  if (p === 'FY' || p === 'CY') return `FY${y}`;
  if (p && /^(Q[1-4]|H[12])$/.test(p)) return `${p} ${y}`;
  if (p === 'M9') return `9M ${y}`;
  return `fiscal ${y}`;
}
