import { findNumbers } from '../numbers/find-numbers';
import type { ScaleName } from '../numbers/scale-words';
import { compact } from '../util/compact';

// What a question asks for, read from its own words: the unit and scale of the answer
// ("in USD millions", "Answer in USD billions"), percent ("in units of percents", "as a %"),
// and the precision ("round to two decimal places"). The analyst scorer compares quantities in
// that form; nothing here depends on a benchmark's ids.

export interface QuestionSpec {
  /** Scale the answer is asked in ("in USD millions" → million). */
  scale?: ScaleName;
  /** The question asks for a percentage ("in units of percents", "as a %", "% margin"). */
  percent: boolean;
  /** "Round to N decimal places", in the unit the question asks for. */
  decimals?: number;
  /** Numbers written in the question (definitions such as "365 *", "state 0"). */
  numbers: number[];
}

const WORD_NUMBERS: Readonly<Record<string, number>> = {
  zero: 0,
  no: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
};

const SCALE_REQUEST =
  /\b(?:in|answer in|state answer in|expressed in|amount in)\s+(?:(?:usd|us\$|\$|dollars?|eur|gbp)\s+)?(thousands|millions|billions)\b/i;
const SCALE_REQUEST_AFTER = /\b(?:usd|us\$|\$|dollars?)\s+(thousands|millions|billions)\b/i;
const PERCENT_REQUEST =
  /\b(?:in\s+)?units?\s+of\s+percents?\b|\bas\s+a\s+(?:%|percent(?:age)?)(?![A-Za-z])|\bin\s+percent(?:age)?s?\b|%\s+margin\b|\bmargin\s*\(%\)|\bas\s+a\s+%\s+of\b/i;
const ROUND_REQUEST =
  /\bround(?:ed|ing)?\s+(?:your\s+|the\s+)?(?:answer\s+|result\s+)?to\s+(\d+|zero|no|one|two|three|four|five|six)\s+decimal(?:\s+places?|s)?\b/i;
const WHOLE_NUMBER_REQUEST =
  /\bround(?:ed)?\s+(?:\w+\s+){0,2}to\s+(?:the\s+)?nearest\s+(?:whole\s+)?(?:number|integer)\b/i;

const SCALES: Readonly<Record<string, ScaleName>> = {
  thousands: 'thousand',
  millions: 'million',
  billions: 'billion',
};

export function readQuestion(question: string | undefined): QuestionSpec {
  if (!question) return { percent: false, numbers: [] };
  const scaleWord = (SCALE_REQUEST.exec(question) ?? SCALE_REQUEST_AFTER.exec(question))?.[1];
  const scale = scaleWord ? SCALES[scaleWord.toLowerCase()] : undefined;
  const round = ROUND_REQUEST.exec(question)?.[1];
  const decimals =
    round !== undefined
      ? /^\d+$/.test(round)
        ? Number(round)
        : WORD_NUMBERS[round.toLowerCase()]
      : WHOLE_NUMBER_REQUEST.test(question)
        ? 0
        : undefined;
  return {
    ...(scale ? { scale } : {}),
    percent: PERCENT_REQUEST.test(question),
    ...compact({ decimals }),
    numbers: findNumbers(question).map((n) => n.value),
  };
}

/** One line for verdicts: "asks in USD millions, percent, 2 decimals". */
export function describeQuestion(q: QuestionSpec): string {
  const parts = [
    q.scale ? `${q.scale}s` : undefined,
    q.percent ? 'percent' : undefined,
    q.decimals !== undefined ? `${q.decimals} decimals` : undefined,
  ].filter((p): p is string => p !== undefined);
  return parts.length ? `question asks: ${parts.join(', ')}` : 'question names no unit';
}
