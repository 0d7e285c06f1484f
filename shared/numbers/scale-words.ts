// Scale words as they follow numbers in finance text ("$3.2 billion", "1.5bn", "450k").

export type ScaleName = 'thousand' | 'million' | 'billion' | 'trillion';

export const SCALE_FACTORS: Readonly<Record<ScaleName, number>> = {
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
};

/**
 * Spellings that mean each scale, lower-cased. Single letters are only accepted right after a
 * number (the parser enforces that), since "m" alone in prose is usually metres or a typo.
 */
const SPELLINGS: Readonly<Record<string, ScaleName>> = {
  thousand: 'thousand',
  thousands: 'thousand',
  k: 'thousand',
  million: 'million',
  millions: 'million',
  mn: 'million',
  mm: 'million',
  m: 'million',
  mil: 'million',
  billion: 'billion',
  billions: 'billion',
  bn: 'billion',
  b: 'billion',
  trillion: 'trillion',
  trillions: 'trillion',
  tn: 'trillion',
  t: 'trillion',
};

/** The scale a word names, or undefined; case-insensitive, tolerates a trailing period. */
export function scaleFromWord(word: string): ScaleName | undefined {
  return SPELLINGS[word.toLowerCase().replace(/\.$/, '')];
}

/** Regex alternation of every spelling, longest first so "million" wins over "m". */
export const SCALE_WORD_PATTERN = Object.keys(SPELLINGS)
  .sort((a, b) => b.length - a.length)
  .join('|');

export function scaleFactor(scale: ScaleName | undefined): number {
  return scale === undefined ? 1 : SCALE_FACTORS[scale];
}

/**
 * TAT-QA style scale labels ("", thousand, million, billion, percent) to a scale name; other
 * labels (e.g. "dollar", "shares") carry no magnitude and map to undefined.
 */
export function scaleFromLabel(label: string | undefined): ScaleName | undefined {
  if (!label) return undefined;
  const l = label.toLowerCase();
  for (const name of Object.keys(SCALE_FACTORS) as ScaleName[]) if (l.includes(name)) return name;
  return undefined;
}
