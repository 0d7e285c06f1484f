// Displayed precision: how many decimals a number was written with, also for numbers that
// arrive as JSON floats (0.9380000000000001 is "0.938" written by someone, not 16 decimals).

/** Decimals of the shortest clean rendering of a float, ignoring binary noise past 12 digits. */
export function decimalsOfFloat(x: number): number {
  if (!Number.isFinite(x) || x === 0) return 0;
  const s = Number(x.toPrecision(12)).toString();
  const e = s.indexOf('e');
  const mant = e < 0 ? s : s.slice(0, e);
  const exp = e < 0 ? 0 : Number(s.slice(e + 1));
  const dot = mant.indexOf('.');
  return (dot < 0 ? 0 : mant.length - dot - 1) - exp;
}

/** Decimals of a numeric string as written ("23.420" → 3, "1,496" → 0). */
export function decimalsOfText(s: string): number {
  const m = /\.(\d+)/.exec(s);
  return m?.[1] ? m[1].length : 0;
}
