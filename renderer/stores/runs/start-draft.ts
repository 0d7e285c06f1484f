import type { RunMode, RunStartInput } from '../../../shared/runs/run';
import { compact } from '../../../shared/util/compact';

/** The start form as typed: numbers stay text until the run starts, so a field can be empty. */
export interface StartDraft {
  datasetId?: number | undefined;
  /** Comma-separated subsets, answer types or types (empty: every question). */
  subset: string;
  limit: string;
  providerId?: number | undefined;
  model: string;
  mode: RunMode;
  concurrency: string;
  rpm: string;
  /** Identical requests answer from the response cache (main's default); off asks again. */
  cache: boolean;
  /** One OpenAI Batch API batch instead of a request per question (servers that offer it). */
  batchApi: boolean;
}

export const emptyStartDraft = (): StartDraft => ({
  subset: '',
  limit: '',
  model: '',
  mode: 'pot',
  concurrency: '8',
  rpm: '',
  cache: true,
  batchApi: false,
});

const intOf = (s: string) => (/^\s*\d+\s*$/.test(s) ? Number(s) : undefined);

/** Why the draft cannot start, or null when it can. */
export function startProblem(d: StartDraft): string | null {
  if (d.datasetId === undefined) return 'Choose a dataset (import one in the Library).';
  if (d.providerId === undefined) return 'Choose a model provider (add one on the Models screen).';
  if (d.model.trim() === '') return 'Choose a model.';
  if (d.limit.trim() !== '' && !(intOf(d.limit)! >= 1)) return 'Limit must be a whole number ≥ 1.';
  const c = intOf(d.concurrency);
  if (d.concurrency.trim() !== '' && !(c !== undefined && c >= 1 && c <= 256))
    return 'Concurrency must be a whole number from 1 to 256.';
  if (d.rpm.trim() !== '' && !(intOf(d.rpm)! >= 1))
    return 'Requests per minute must be a whole number ≥ 1.';
  return null;
}

/** The runs.start input of a draft that has no problem. */
export function startInput(d: StartDraft): RunStartInput {
  const limit = intOf(d.limit);
  const concurrency = intOf(d.concurrency);
  const rpm = intOf(d.rpm);
  return {
    datasetId: d.datasetId!,
    provider: { providerId: d.providerId! },
    model: d.model.trim(),
    mode: d.mode,
    ...(d.subset.trim() ? { subset: d.subset.trim() } : {}),
    ...compact({ limit, concurrency, rpm }),
    ...(d.cache ? {} : { cache: false }),
    ...(d.batchApi ? { batchApi: true } : {}),
  };
}
