import type { AskAnswer, AskResult } from '../../../shared/ask/ask';
import { quantityText } from '../document/quantity-text';

/**
 * The answer's value in base units, as the cell details panel writes a cell's ("2,275,000,000
 * USD"), or null when it has no value or says nothing the answer does not: a percent is shown
 * once, as the answer gives it ("49.36%", not "= 0.4936 (49.36%)"). An unknown scale is taken
 * as 1 and said so.
 */
export function answerQuantity(a: AskAnswer): string | null {
  if (a.value === null || a.unit === '%') return null;
  const q = quantityText({ value: a.value, scale: a.scale ?? 1, unit: a.unit });
  return a.scale === null ? `${q} (scale not known)` : q;
}

export const PHASE_TEXT: Record<string, string> = {
  retrieving: 'Finding the relevant cells and paragraphs…',
  generating: 'The model is writing…',
  executing: 'Running the program in the sandbox…',
  repairing: 'The program failed: asking the model to repair it…',
  grading: 'Grading against the gold answer…',
};

export const MODE_TEXT: Record<AskResult['mode'], string> = {
  direct: 'Direct answer',
  cot: 'Chain of thought',
  pot: 'Program (PoT)',
  'table-first': 'Table first (cells, then program)',
  'pot-python': 'Program in Python (DocMath-Eval PoT)',
};

export const usd = (n: number) =>
  n === 0 ? '$0' : n < 0.01 ? `$${n.toPrecision(2)}` : `$${n.toFixed(n < 1 ? 4 : 2)}`;

export const executionValue = (v: string | number | boolean | null) =>
  v === null ? '—' : typeof v === 'number' ? String(v) : JSON.stringify(v);
