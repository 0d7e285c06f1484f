import { charRemover, toAsciiDigits } from '../../python/ascii-digits';
import { pyParseFloat } from '../../python/py-float';
import { PY_SPACE_CLASS, pySplit, pyStrip } from '../../python/py-whitespace';
import type { PyNum } from './py-num';
import { mul, round } from './py-num';

// TAT-QA's tatqa_utils.py number handling (is_number, to_number, scale_to_num), with Python's
// regex semantics: \d is any Unicode decimal digit and \s any Unicode space.

const D = '\\p{Nd}';
const S = `[${PY_SPACE_CLASS}]`;
const EXCLUDE_IN_NUM = '\'"\\$€£¥%(),[]';
const FIRST_NUMBER = new RegExp(`([+-]?${D}+(?:\\.${D}+)?)|([+-]?\\.${D}+)`, 'u');
const WORD_SCALE = new RegExp(`(?:${D}|\\.)+${S}?[a-zA-Z]+`, 'u');
const NEGATIVE = new RegExp(`\\((?:${D}|\\.|${S})+\\)`, 'u');
const PERCENT = new RegExp(`(?:${D}|\\.|${S})+%`, 'u');

const removeExcluded = charRemover(EXCLUDE_IN_NUM);

/** Every character of EXCLUDE_IN_NUM removed (`''.join(ch for ch in text if ch not in …)`). */
export function cleanNum(text: string): string {
  return removeExcluded(text);
}

/** scale_to_num: substring tests in the official order; percent is the float 0.01. */
export function scaleToNum(scale: string): PyNum {
  const s = scale.toLowerCase();
  if (s.includes('hundred')) return { int: 100n };
  if (s.includes('thousand')) return { int: 1000n };
  if (s.includes('million')) return { int: 1000000n };
  if (s.includes('billion')) return { int: 1000000000n };
  if (s.includes('percent')) return { float: 0.01 };
  return { int: 1n };
}

const isOne = (n: PyNum): boolean => ('int' in n ? n.int === 1n : n.float === 1);

export function isNumber(text: string): boolean {
  const words = pySplit(pySplit(text).map(cleanNum).join(' '));
  const first = words[0];
  if (first === undefined) return false;
  const num = pyParseFloat(first);
  if (num === undefined || Number.isNaN(num)) return false;
  const second = words[1];
  if (second !== undefined && isOne(scaleToNum(second))) return false;
  return true;
}

/** extract_one_num_from_str: the FIRST number (the PoT fork of this file takes the last). */
export function extractOneNum(text: string): PyNum | undefined {
  const m = FIRST_NUMBER.exec(cleanNum(text));
  const num = m?.[1];
  if (num === undefined) return undefined; // matched only the ".5" alternative → None
  const ascii = toAsciiDigits(num);
  if (ascii.includes('.')) return { float: Number(ascii) };
  return { int: BigInt(ascii) };
}

function wordScale(text: string): PyNum {
  const m = WORD_SCALE.exec(text);
  return m ? scaleToNum(m[0].toLowerCase()) : { int: 1n };
}

export function toNumber(text: string): PyNum | undefined {
  const num = extractOneNum(text);
  const scale = wordScale(text);
  const negative: PyNum = NEGATIVE.test(pyStrip(text)) ? { int: -1n } : { int: 1n };
  const percent: PyNum = PERCENT.test(pyStrip(text)) ? { float: 0.01 } : { int: 1n };
  if (num === undefined) return undefined;
  return round(mul(mul(mul(num, scale), negative), percent), 4);
}
