import type { RunMode, RunStatus } from '../../../shared/runs/run';
import { IMPORTED_SCORER_ID } from '../../../shared/runs/run';

export const MODE_LABEL: Record<RunMode, string> = {
  direct: 'Direct',
  cot: 'CoT',
  pot: 'PoT (JavaScript)',
  'pot-python': 'PoT (Python)',
  'table-first': 'Table first',
};

export const modeText = (m: string | null) =>
  m === null ? '–' : ((MODE_LABEL as Record<string, string>)[m] ?? m);

export const STATUS_LABEL: Record<RunStatus, string> = {
  running: 'running',
  paused: 'paused',
  interrupted: 'interrupted',
  done: 'done',
  failed: 'failed',
};

/** Percent with two decimals, as DocMath-Eval prints its tables. */
export const pct = (x: number | null | undefined) =>
  x === null || x === undefined ? '–' : x.toFixed(2);

export const scorerLabel = (s: string) => (s === IMPORTED_SCORER_ID ? 'imported (official)' : s);

/** A stored ISO time as the user's local date and time, minutes precision. */
export function dateText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** Time left as "45 s", "3 min 20 s" or "1 h 5 min". */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** Token counts as "12,345". */
export const countText = (n: number) => Math.round(n).toLocaleString('en-US');

/** Dollars with the precision a small cost needs. */
export function usdText(x: number): string {
  if (x === 0) return '$0';
  if (x < 0.01) return `$${x.toPrecision(2)}`;
  return `$${x.toFixed(x < 1 ? 4 : 2)}`;
}
