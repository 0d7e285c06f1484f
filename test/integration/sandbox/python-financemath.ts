import { readdirSync, readFileSync } from 'node:fs';
import { pyRound } from '../../../shared/grading/python/py-float';
import { compareTwoNumbers } from '../../../shared/grading/scorers/docmath';
import { extractPythonProgram } from '../../../shared/sandbox/extract-python';
import type { PythonResult } from '../../../main/sandbox/python';
import { dataPath } from '../../support/data-dir';

/**
 * FinanceMath's Python, for the sandbox tests and the bench: the programs in the official PoT
 * outputs with the result the official pipeline recorded, and the gold python_solution of each
 * validation question with its ground_truth.
 */

export const POT_DIR = dataPath('model_outputs', 'financemath_validation', 'processed_pot_outputs');
export const VALIDATION = dataPath('datasets', 'financemath', 'validation.json');

export interface RecordedProgram {
  id: string;
  /** null when DocMath-Eval's extraction finds no program. */
  program: string | null;
  /** `result.prediction_executed_result` as recorded: a number, a string or null. */
  recorded: unknown;
}

export interface ModelPrograms {
  model: string;
  items: RecordedProgram[];
}

interface PotRecord {
  question_id: string;
  output: string[] | string;
  result?: { prediction_executed_result?: unknown };
}

export function readRecordedPrograms(): ModelPrograms[] {
  return readdirSync(POT_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const records = JSON.parse(readFileSync(`${POT_DIR}/${file}`, 'utf8')) as PotRecord[];
      return {
        model: file.replace(/\.json$/, ''),
        items: records.map((r) => {
          const output = Array.isArray(r.output) ? (r.output[0] ?? '') : r.output;
          const extracted = extractPythonProgram(output);
          return {
            id: r.question_id,
            program: extracted.kind === 'python' ? extracted.program : null,
            recorded: r.result?.prediction_executed_result ?? null,
          };
        }),
      };
    });
}

export interface GoldProgram {
  id: string;
  program: string;
  groundTruth: number;
}

export function readGoldPrograms(): GoldProgram[] {
  const records = JSON.parse(readFileSync(VALIDATION, 'utf8')) as {
    question_id: string;
    python_solution: string;
    ground_truth: string | number;
  }[];
  return records.map((r) => ({
    id: r.question_id,
    program: r.python_solution,
    groundTruth: Number(r.ground_truth),
  }));
}

/** Why a re-execution disagrees with the recorded result (or 'agree'). */
export type Agreement =
  | 'agree'
  | 'module-not-available'
  | 'we-fail-recorded-value'
  | 'we-give-value-recorded-none'
  | 'different-value';

function asNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

/** Every class at zero, for counting. */
export const noAgreements = (): Record<Agreement, number> => ({
  agree: 0,
  'module-not-available': 0,
  'we-fail-recorded-value': 0,
  'we-give-value-recorded-none': 0,
  'different-value': 0,
});

/**
 * Our result against the recorded one, to the recorded 3 decimals: the official pipeline
 * stored round(result, 3) for numbers, the text for other values, and None when the program
 * failed or its result did not convert to a float.
 */
export function compareRecorded(result: PythonResult | null, recorded: unknown): Agreement {
  const ours = result?.ok ? result.value : undefined;
  if (recorded === null || recorded === undefined) {
    if (ours === undefined || ours === null) return 'agree';
    return asNumber(ours) === undefined ? 'agree' : 'we-give-value-recorded-none';
  }
  if (ours === undefined) {
    return result && !result.ok && /not available in the sandbox/.test(result.error.message)
      ? 'module-not-available'
      : 'we-fail-recorded-value';
  }
  if (typeof recorded === 'string' && asNumber(recorded) === undefined)
    return ours === recorded ? 'agree' : 'different-value';
  const a = asNumber(ours);
  const b = asNumber(recorded);
  if (a === undefined || b === undefined) return 'different-value';
  // Python's round(x, 3), which rounds the float's exact binary value (0.6635 → 0.663).
  return pyRound(a, 3) === pyRound(b, 3) ? 'agree' : 'different-value';
}

export type GoldCheck = 'scorer' | 'rounded' | 'no';

/**
 * Whether a gold program reproduces its ground_truth: within FinanceMath's scorer tolerance
 * (DocMath-Eval's compare_two_numbers), else equal after Python's round(·, 3), which is how
 * some ground truths were stored (0.00548 → 0.005, outside the scorer's 0.15%).
 */
export function reproducesGold(result: PythonResult, groundTruth: number): GoldCheck {
  const v = result.ok ? asNumber(result.value) : undefined;
  if (v === undefined) return 'no';
  try {
    if (compareTwoNumbers(v, groundTruth) !== 'no-match') return 'scorer';
  } catch {
    // compare_two_numbers raises on inf/nan: not reproduced by the scorer.
  }
  return pyRound(v, 3) === groundTruth ? 'rounded' : 'no';
}
