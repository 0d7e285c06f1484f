import type { AnswerScale } from '../../../shared/datasets/question';
import { parseNumber } from '../../../shared/numbers';

export interface AnswerReading {
  tone: 'ok' | 'warn' | 'text';
  text: string;
}

const scaleWord: Record<Exclude<AnswerScale, ''>, string> = {
  thousand: 'thousand',
  million: 'million',
  billion: 'billion',
  percent: '%',
};

/**
 * How the typed answer reads, said under the answer box so a slip ("1,2", "12..5") is seen
 * before submitting. The answer is always saved as typed; this only reads it.
 */
export function answerReading(
  value: string,
  scale: AnswerScale,
  unit: string,
): AnswerReading | undefined {
  const typed = value.trim();
  if (!typed) return undefined;
  const n = parseNumber(typed);
  if (!n) {
    // Digits and separators only, yet no number: a typo rather than a span answer.
    if (/\d/.test(typed) && /^[\s\d.,()$€£%+\-−]+$/.test(typed))
      return {
        tone: 'warn',
        text: `“${typed}” does not read as a number (check the digits and separators); it is saved as typed.`,
      };
    return { tone: 'text', text: 'Reads as text (a span or yes/no answer).' };
  }
  if (n.scale && scale && n.scale !== scale)
    return {
      tone: 'warn',
      text: `The answer says ${n.scale} but the scale is set to ${scaleWord[scale]}.`,
    };
  const shown = n.value.toLocaleString('en-US', { maximumFractionDigits: 12 });
  const s = scale ? ` ${scaleWord[scale]}` : n.scale ? ` ${n.scale}` : '';
  const u = unit && unit !== '%' ? ` ${unit}` : unit === '%' && scale !== 'percent' ? ' %' : '';
  return { tone: 'ok', text: `Reads as ${shown}${s}${u}`.replace(/ %/g, '%') };
}
