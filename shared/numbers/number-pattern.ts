import { SCALE_WORD_PATTERN } from './scale-words';

// One regular expression for "a number and what is written around it", shared by the
// whole-string parser and the free-text scanner so both read numbers the same way.
// Runs on text already passed through cleanNumberText (ASCII digits and minus).

const APPROX = String.raw`(?<approx>(?:approximately|approx\.?|about|around|roughly|nearly|almost|circa|ca\.|~|≈)\s*)?`;
const CURRENCY = String.raw`(?<cur>US\$|HK\$|C\$|A\$|USD|EUR|GBP|JPY|RMB|CNY|INR|Rs\.?|\$|€|£|¥|₹)?`;
const MANTISSA = String.raw`(?<mant>(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|\.\d+)`;
const EXPONENT = String.raw`(?:[eE](?<exp>[-+]?\d+)(?![A-Za-z]))?`;
const TIMES_TEN = String.raw`(?:\s*(?:x|\*|×)\s*10\s*\^\s*(?<pow>[-+]?\d+))?`;
const SCALE = String.raw`(?:\s*(?<scale>${SCALE_WORD_PATTERN})(?![A-Za-z]))?`;
const UNIT = String.raw`(?:\s*(?<unit>%|percent(?:age points?)?|per cent|pct|basis points?|bps|bp)(?![A-Za-z]))?`;
const CURRENCY_AFTER = String.raw`(?:\s*(?<curAfter>USD|EUR|GBP|dollars?|euros?)(?![A-Za-z]))?`;
const FOOTNOTE = String.raw`(?:\s*(?<foot>\*+|†|‡|§|\(\d{1,2}\)|\([a-z]\)))?`;

export const NUMBER_BODY =
  APPROX +
  String.raw`(?<sign1>[-+])?\s*(?<curPre>US\$|\$|€|£|¥)?\s*(?<open>\()?\s*` +
  CURRENCY +
  String.raw`\s*(?<sign2>[-+])?` +
  MANTISSA +
  EXPONENT +
  TIMES_TEN +
  String.raw`(?:\s*(?<close1>\)))?` +
  SCALE +
  UNIT +
  CURRENCY_AFTER +
  String.raw`(?:\s*(?<close2>\)))?` +
  FOOTNOTE;

export interface NumberGroups {
  approx?: string;
  sign1?: string;
  /** Currency written before an accounting parenthesis: "$(9,982)". */
  curPre?: string;
  open?: string;
  cur?: string;
  sign2?: string;
  mant?: string;
  exp?: string;
  pow?: string;
  close1?: string;
  scale?: string;
  unit?: string;
  curAfter?: string;
  close2?: string;
  foot?: string;
}
