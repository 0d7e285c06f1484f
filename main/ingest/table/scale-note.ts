import { memoByString } from './memo';

/**
 * Scale statements such as "(In millions, except per share data)", "($ in thousands)",
 * "(Amounts in thousands, except share data)" or Apple's "(net income in millions and shares in
 * thousands)": the multiplier they set and the exceptions they carve out.
 */
export interface ScaleNote {
  /** The phrase as written (whitespace collapsed), for display and debugging. */
  phrase: string;
  /** Multiplier for amounts (1e3, 1e6, 1e9). */
  scale: number;
  /** Multiplier for share counts when the note gives one of their own, else null (= scale). */
  sharesScale: number | null;
  /** The note names dollars ("$ in millions", "dollars in thousands"). */
  currency: boolean;
  /** The note is about share counts only ("(millions of shares)"). */
  sharesOnly?: boolean;
  /**
   * The note states the scale of shares and nothing else ("(Shares in millions)"): amounts may
   * sit in the table too, but equity awards counted in it are share counts.
   */
  sharesNote?: boolean;
  /**
   * The sentence stating the scale says the table holds shares ("…reconciliation of basic to
   * diluted weighted average shares … (in millions):", "…dilutive shares that were excluded …
   * (in millions):"): its bare numbers are share counts, as under "(millions of shares)".
   */
  sharesSubject?: boolean;
  /** The note excepts rates or ratios ("except average rate data", "except ratios"). */
  exceptRates?: boolean;
  /** The note's exception as written ("except per share data"), shown as a cell's basis. */
  except?: string;
  /**
   * Quantities the note gives a scale of their own ("options in thousands, aggregate intrinsic
   * value in millions"): a cell whose row or column names one takes that scale. Dollars,
   * amounts and shares are not here: `scale` and `sharesScale` are theirs.
   */
  subjects?: ScaleSubject[];
  /**
   * Other things the exception names ("except weighted average exercise price and remaining
   * contractual term", "except number of stores", "except conversion rate"), each as its words:
   * a row or column naming one is not scaled. Per-share, share, rate and ratio exceptions are
   * left to their own rules (`sharesScale`, `exceptRates`).
   */
  exceptItems?: string[][];
}

/** One quantity a scale statement scales on its own ("aggregate intrinsic value in millions"). */
export interface ScaleSubject {
  /** Its significant words, lower case and singular ("aggregate", "intrinsic", "value"). */
  words: string[];
  /** The note as it applies to cells naming this quantity (scale and share scale both). */
  note: ScaleNote;
}

const words: Record<string, number> = {
  thousand: 1e3,
  thousands: 1e3,
  million: 1e6,
  millions: 1e6,
  billion: 1e9,
  billions: 1e9,
  thous: 1e3,
  k: 1e3,
  mm: 1e6,
  b: 1e9,
  bn: 1e9,
};

// "in millions", "in 000s", "(millions)", "($000)", "000's omitted", and a header that starts
// with the word ("Millions, except per share amounts, for the three months ended June 30,");
// "(in $ millions)", "(000's)", "(in $000s)"; and the abbreviations "($MM)", "($K)", "($B)",
// "($bn)" (not "($M)": "M" is a thousand in the old accountants' usage, a million in the press)
const scalePattern =
  /\bin\s+(thousands|millions|billions)\b|^\s*(?:\$\s*)?(thousands|millions|billions)\b(?=\s*(?:,|$|of\s+(?:u\.s\.\s+)?dollars\b|except\b))|\(\s*(?:\$|us\$|dollars?)?\s*(?:in\s+)?(thousands|millions|billions)\s*(?:of\s+(?:u\.s\.\s+)?dollars)?\s*[),]|\(\s*\$\s*(000)'?s?\s*\)|\b(000)'?s\s+omitted|\bin\s+(000)'?s\b|\(\s*(?:in\s+)?(thous)\.?\s*\)|\(\s*(thousands|millions|billions)\s+of\s+shares\s*\)|\(\s*in\s+(?:us)?\$\s*(thousands|millions|billions)\s*[),]|\(\s*(?:in\s+)?(?:us)?\$?\s*(000)'?s\s*\)|\(\s*(?:in\s+)?(?:us)?\$\s*(?:in\s+)?(mm|k|b|bn)\s*[),]/i;

// "dollars in millions", "amounts in millions"
const dollarsPattern =
  /\b(?:dollars?|amounts?|\$)\s+(?:are\s+)?in\s+(thousands|millions|billions)\b/i;

// "shares in thousands", "number of shares, which are reflected in thousands"
const subjectPattern = /\bshares?\b[^.;()]{0,40}?\bin\s+(thousands|millions|billions)\b/i;

function scaleOf(word: string | undefined): number | null {
  if (word === undefined) return null;
  if (word === '000') return 1e3;
  return words[word.toLowerCase()] ?? null;
}

/** The clause around a match: up to the closing parenthesis or the end of the sentence. */
function clauseAround(text: string, at: number): string {
  const open = text.lastIndexOf('(', at);
  const start = open >= 0 && at - open < 80 ? open : Math.max(0, at - 40);
  const rest = text.slice(at);
  const end = rest.search(/[)]|\.\s|$/);
  return text.slice(start, at + (end < 0 ? rest.length : end + 1)).trim();
}

// "options in thousands", "aggregate intrinsic value in millions", "and shares in thousands"
const subjectScale =
  /([a-z][a-z\s'\u2019-]*?)\s+(?:(?:are|is)\s+)?(?:(?:stated|presented|reflected|expressed|shown)\s+)?in\s+(thousands|millions|billions)\b/gi;
// Quantities the note's scale and share scale already cover, and words that name no quantity
const genericSubject =
  /^(?:dollars?|amounts?|shares?|share\s+(?:data|amounts?|counts?)|figures|numbers|values|all\s+\w+|which|presented|stated|reflected|expressed|shown|data|information)$/i;
const genericWords = new Set(['dollar', 'share', 'figure', 'value', 'total', '$']);
const leadingJoin = /^(?:and|except|with|but|while|or|the)\s+/i;
// Words that name no quantity of their own in a note or a header
const minorWords = new Set([
  'a', 'an', 'and', 'are', 'amount', 'amounts', 'as', 'data', 'for', 'in', 'indicated',
  'information', 'is', 'noted', 'number', 'of', 'or', 'otherwise', 'the', 'where',
]); // prettier-ignore

/** A word as compared with header words: lower case, singular ("options" → "option"). */
export const wordKey = (w: string) => {
  const lower = w.toLowerCase();
  return lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss')
    ? lower.slice(0, -1)
    : lower;
};

/** The significant words of a phrase, lower case and singular. */
export function significantWords(text: string): string[] {
  return (text.match(/[a-z%]+/gi) ?? []).map(wordKey).filter((w) => !minorWords.has(w));
}

function readSubjects(phrase: string, note: ScaleNote): ScaleSubject[] {
  const found: ScaleSubject[] = [];
  for (const m of phrase.matchAll(subjectScale)) {
    const subject = (m[1] ?? '').trim().replace(leadingJoin, '').trim();
    const scale = scaleOf(m[2]);
    if (scale === null || subject === '' || /\bexcept\b/i.test(subject)) continue;
    if (genericSubject.test(subject) || /\$/.test(subject)) continue;
    const words = significantWords(subject);
    // "Dollars and shares in millions" is the note's scale for both, not a subject of its own
    if (words.length === 0 || words.length > 5 || words.every((w) => genericWords.has(w))) continue;
    const clause = `${subject} in ${(m[2] ?? '').toLowerCase()}`;
    found.push({ words, note: { ...note, phrase: clause, scale, sharesScale: scale } });
  }
  return found;
}

// Exceptions with rules of their own: per-share and share data, rates and ratios, or none
const handledException =
  /\b(?:shares?|rates?|ratios?|yields?|percent(?:age)?s?|thousands?|millions?|billions?|noted|otherwise|indicated)\b|^\s*per\b|\bas\s+of\b|\bended\b|\bfor\s+the\b|\d/i;

/** The other things an exception names, each as its significant words. */
function readExceptItems(except: string): string[][] {
  return except
    .replace(/[()]/g, ' ')
    .split(/[,;]|\band\b|\bor\b/i)
    .filter((item) => !handledException.test(item))
    .map(significantWords)
    .filter((words) => words.length > 0);
}

// "(Shares in millions)", "SHARES IN THOUSANDS": a statement about shares alone
const sharesOnlyStatement =
  /^\(?\s*(?:number\s+of\s+)?shares\s+(?:are\s+)?in\s+(?:thousands|millions|billions)\s*\)?\.?$/i;

// A sentence about share counts: what it presents are shares, not money
const sharesSentence =
  /\b(?:weighted[-\s]average\s+(?:number\s+of\s+)?(?:common\s+|basic\s+|diluted\s+)*shares|(?:anti-?|potentially\s+)?dilutive\s+(?:shares|securities|awards)|number\s+of\s+(?:common\s+)?shares|shares\s+(?:used|outstanding|excluded))\b/i;
// What the shares are for ("used in computing net income per share") says nothing of money
const perShareClause =
  /\b(?:used\s+in|for|from)\s+(?:the\s+)?(?:computing|calculating|computation|calculation)\b[^.;:()]*|\b(?:net\s+)?(?:income|earnings|loss)\s+per\s+(?:common\s+)?share\b[^.;:()]*/gi;
const moneyInSentence =
  /\b(?:income|earnings|loss|revenues?|amounts?|dollars?|cash|expenses?|costs?|values?|prices?)\b|\$/i;

/** The sentence stating the scale (up to `at`) presents share counts and nothing else. */
function aboutShares(text: string, at: number): boolean {
  const before = text.slice(0, at);
  const sentence = before.slice(Math.max(before.lastIndexOf('. '), before.lastIndexOf(': ')) + 1);
  if (!sharesSentence.test(sentence)) return false;
  return !moneyInSentence.test(sentence.replace(perShareClause, ''));
}

/** Finds the first scale statement in `text`, or null. Memoised: callers ask per cell. */
export const findScaleNote = memoByString(readScaleNote);

function readScaleNote(text: string): ScaleNote | null {
  const m = scalePattern.exec(text);
  if (!m) return null;
  let scale = scaleOf(
    m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? m[7] ?? m[8] ?? m[9] ?? m[10] ?? m[11],
  );
  if (scale === null) return null;
  const phrase = clauseAround(text, m.index).replace(/\s+/g, ' ');
  const subject = subjectPattern.exec(phrase);
  let sharesScale: number | null = subject ? scaleOf(subject[1]) : null;
  // "shares in thousands, dollars in millions": the dollars' own scale is the amounts' scale
  const dollars = dollarsPattern.exec(phrase);
  if (dollars) scale = scaleOf(dollars[1]) ?? scale;
  // "except share and per share data": share counts are not scaled.
  // the exception as written, up to the note's end or a period phrase after it
  const exceptClause = /\bexcept\b[^)]*?(?=\s*(?:\)|,\s*(?:for|as\s+of)\b|\.?$))/i.exec(
    phrase,
  )?.[0];
  const except = /\bexcept\b(.*)$/i.exec(phrase)?.[1] ?? '';
  const exceptShares = except
    .replace(/\bper[-\s]+(?:common\s+)?share\b/gi, '')
    .match(/\b(?:shares?|share\s+(?:data|amounts?|counts?))\b/i);
  if (exceptShares && sharesScale === null) sharesScale = 1;
  const note: ScaleNote = { phrase, scale, sharesScale, currency: /\$|dollar/i.test(phrase) };
  // "except percentages" names the same rows as "except rates": a rate is how filers print one
  if (/\b(?:rates?|ratios?|yields?|percent(?:ages?|s)?)\b/i.test(except)) note.exceptRates = true;
  if (exceptClause !== undefined) note.except = exceptClause;
  const items = readExceptItems(except);
  if (items.length > 0) note.exceptItems = items;
  const subjects = readSubjects(phrase.replace(/\bexcept\b.*$/i, ''), note);
  if (subjects.length > 0) note.subjects = subjects;
  if (sharesOnlyStatement.test(phrase)) note.sharesNote = true;
  if (aboutShares(text, m.index)) note.sharesSubject = true;
  if (m[8] !== undefined) {
    // "(millions of shares)": a table of share counts
    note.sharesScale = scale;
    note.sharesOnly = true;
  }
  return note;
}
