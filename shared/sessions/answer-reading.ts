import { parseNumber } from '../numbers/parse-number';

/**
 * How an expert's typed answer reads, for the answer box and for submit: one number (with
 * what the scorer will take it as), a text answer (a span, yes/no), or something that looks
 * numeric but is not one number ("1,2", "12..5"), which submit refuses with this message
 * rather than letting the scorer guess. Nothing is lost either way: the text stays saved.
 */
export type AnswerReading =
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  | { kind: 'text' }
  | { kind: 'malformed'; message: string };

/** Only digits, signs, separators, currency, percent and parentheses: meant as a number. */
const NUMERIC_LOOKING = /^[\s\d.,()+\-−–$€£¥%]+$/;

export function readAnswerValue(value: string): AnswerReading {
  const text = value.trim();
  if (text === '') return { kind: 'empty' };
  const n = parseNumber(text);
  if (n && !n.nil) return { kind: 'number', value: n.value };
  if (!NUMERIC_LOOKING.test(text) || !/\d/.test(text)) return { kind: 'text' };
  return { kind: 'malformed', message: `“${text}” is not one number: ${why(text)}` };
}

function why(text: string): string {
  if (/\.\s*\./.test(text) || (text.match(/\./g)?.length ?? 0) > 1)
    return 'it has more than one decimal point';
  const groups = /,(\d*)/g;
  for (const m of text.matchAll(groups))
    if ((m[1] ?? '').length !== 3)
      return `a comma separates thousands (1,200), so “,${m[1] ?? ''}” is ambiguous; write a decimal point for decimals (1.2)`;
  if (/\d\s+\d/.test(text)) return 'it has spaces between digits; write one number';
  return 'write one number, e.g. 1,234.5, -3.2 or 12.5%';
}
