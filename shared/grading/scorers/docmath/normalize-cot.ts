import { pyRstripChars, pyStrip } from '../../python/py-whitespace';

// DocMath-Eval's normalize(prediction) up to (not including) eval(): the string rewriting
// pipeline, in the official order. Python's `\d` matches every Unicode decimal digit and `$`
// also matches before a final newline; the regexes below reproduce both.

const D = '\\p{Nd}';
const NUM = `[-+]?(?:[${D},]*\\.*${D}+)`;
const END = '(?=\\n?$)';

const UNIT_AFTER = new RegExp(`^(${NUM}) [^0-9 ]+${END}`, 'u');
const UNIT_BEFORE = new RegExp(`^[^0-9 ]+ (${NUM})${END}`, 'u');
const SUFFIX_1_2 = new RegExp(`^(${NUM})[^${D}]{1,2}${END}`, 'u');
const PREFIX_1_2 = new RegExp(`^[^-+${D}]{1,2}((?:[${D},]*\\.*${D}+))${END}`, 'u');
const IS_NUMBER = new RegExp(`^[-+]?(?:${D}{1,3}(?:,${D}{3})*|${D}+)(?:\\.${D}+)?${END}`, 'u');
const POWER_OF_TEN = new RegExp(`10\\^(-?${D}+)`, 'gu');
const OPTION = /\([a-d]\)/;

const DROPPED_WORDS = ['£', '€', '¥', 'million', 'billion', 'thousand', 'US', 'USD', 'RMB'];

/** Each rewriting step, for tests and for explaining a verdict. */
export function normalizeCotString(input: string): string {
  let p = pyRstripChars(pyStrip(input), '.');
  for (const w of DROPPED_WORDS) p = p.split(w).join('');
  if (p.includes('=')) p = pyStrip(p.split('=').pop() ?? '');
  if (p.includes('≈')) p = pyStrip(p.split('≈').pop() ?? '');
  for (const ch of ['`', '%', '$', '°']) p = p.split(ch).join('');
  if (p === 'true' || p === 'yes') p = 'True';
  else if (p === 'false' || p === 'no') p = 'False';
  if (p.includes('True') || p.includes('False')) p = p.includes('True') ? 'True' : 'False';
  if (p.includes('approximately')) p = pyStrip(p.split('approximately').join(''));
  if (p.includes(' or ')) p = p.split(' or ')[0] ?? '';
  // Drop a unit word before or after the number (the official four regexes, in order).
  for (const re of [UNIT_AFTER, UNIT_BEFORE, SUFFIX_1_2, PREFIX_1_2]) {
    const m = re.exec(p);
    if (m?.[1] !== undefined) p = m[1];
  }
  if (p.includes('10^')) p = p.replace(POWER_OF_TEN, 'math.pow(10, $1)');
  if (p.includes(' x ')) p = p.split(' x ').join('*');
  if (p.includes(' × ')) p = p.split(' × ').join('*');
  if (IS_NUMBER.test(p)) p = p.split(',').join('');
  if (['(a)', '(b)', '(c)', '(d)'].some((o) => p.includes(o))) p = `"${OPTION.exec(p)?.[0] ?? ''}"`;
  if (!p) p = '0';
  return p;
}
