import type { AnswerFields } from './session';

/**
 * What a scorer reads from an expert's answer: the typed value with a percent sign when the
 * unit says percent (so "12.5" + "%" reads as 12.5%), and the scale selector as the separate
 * scale label scorers already take from models (TAT-QA's `scale`). Other units (USD, shares)
 * do not change the number and are left out.
 */
export function answerPrediction(a: Pick<AnswerFields, 'value' | 'unit' | 'scale'>): {
  prediction: string;
  predScale: string | undefined;
} {
  const value = a.value.trim();
  const percent = a.unit.trim() === '%' || a.scale === 'percent';
  const prediction = percent && value !== '' && !value.endsWith('%') ? `${value}%` : value;
  const predScale = a.scale === '' || a.scale === 'percent' ? undefined : a.scale;
  return { prediction, predScale };
}

/** The answer as one line for reports: "1,234.5 million USD". */
export function answerText(a: Pick<AnswerFields, 'value' | 'unit' | 'scale'>): string {
  const scale = a.scale === '' || a.scale === 'percent' ? '' : ` ${a.scale}`;
  const unit = a.unit.trim() === '' ? '' : a.unit.trim() === '%' ? '%' : ` ${a.unit.trim()}`;
  const pct = a.scale === 'percent' && unit === '' ? '%' : '';
  return `${a.value.trim()}${scale}${unit}${pct}`;
}
