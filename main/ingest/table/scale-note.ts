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
  /** The note excepts rates or ratios ("except average rate data", "except ratios"). */
  exceptRates?: boolean;
  /** The note's exception as written ("except per share data"), shown as a cell's basis. */
  except?: string;
}

const words: Record<string, number> = {
  thousand: 1e3,
  thousands: 1e3,
  million: 1e6,
  millions: 1e6,
  billion: 1e9,
  billions: 1e9,
  thous: 1e3,
};

// "in millions", "in 000s", "(millions)", "($000)", "000's omitted", and a header that starts
// with the word ("Millions, except per share amounts, for the three months ended June 30,")
const scalePattern =
  /\bin\s+(thousands|millions|billions)\b|^\s*(?:\$\s*)?(thousands|millions|billions)\b(?=\s*(?:,|$|of\s+(?:u\.s\.\s+)?dollars\b|except\b))|\(\s*(?:\$|us\$|dollars?)?\s*(?:in\s+)?(thousands|millions|billions)\s*(?:of\s+(?:u\.s\.\s+)?dollars)?\s*[),]|\(\s*\$\s*(000)'?s?\s*\)|\b(000)'?s\s+omitted|\bin\s+(000)'?s\b|\(\s*(?:in\s+)?(thous)\.?\s*\)|\(\s*(thousands|millions|billions)\s+of\s+shares\s*\)/i;

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

/** Finds the first scale statement in `text`, or null. Memoised: callers ask per cell. */
export const findScaleNote = memoByString(readScaleNote);

function readScaleNote(text: string): ScaleNote | null {
  const m = scalePattern.exec(text);
  if (!m) return null;
  let scale = scaleOf(m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? m[7] ?? m[8]);
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
  if (/\b(?:rates?|ratios?|yields?)\b/i.test(except)) note.exceptRates = true;
  if (exceptClause !== undefined) note.except = exceptClause;
  if (m[8] !== undefined) {
    // "(millions of shares)": a table of share counts
    note.sharesScale = scale;
    note.sharesOnly = true;
  }
  return note;
}
