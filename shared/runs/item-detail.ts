import { z } from 'zod';
import { CellRead } from '../ask/ask';
import { StoredQuestion } from '../datasets/stored-question';
import { RunItem, RunVerdict, ScorerRef } from './run';

/**
 * The sandbox trace of an engine PoT item: the cells its program read (table, grid position,
 * value, scale, unit, text as filed), kept inside the item's `execution` JSON so no migration
 * is needed. Versioned: a later shape adds a version, readers skip the ones they do not know.
 * Imported items have none (their programs were not run here).
 */
export const RUN_TRACE_VERSION = 1;
export const RunItemTrace = z.object({
  version: z.literal(RUN_TRACE_VERSION),
  reads: z.array(CellRead),
});
export type RunItemTrace = z.infer<typeof RunItemTrace>;

/** A run item's `execution` with the trace an engine PoT item stores beside its result. */
export type StoredExecution = NonNullable<RunItem['execution']> & { trace?: RunItemTrace };

/** The trace stored in an item's execution, or null (none stored, or a version not known). */
export function traceOf(execution: unknown): RunItemTrace | null {
  if (typeof execution !== 'object' || execution === null || !('trace' in execution)) return null;
  const t = RunItemTrace.safeParse(execution.trace);
  return t.success ? t.data : null;
}

/**
 * `runs.item`: one item of a run as the report's side panel shows it, for analysts (the gold
 * is in it): the question with its gold and document, what the model answered, the program,
 * its execution and trace, and every scorer's verdict with its rule and version.
 */
export const RunItemDetail = z.object({
  runId: z.number().int(),
  /** The item as stored (the trace is given apart, below). */
  item: RunItem,
  /** null when the question was removed from the dataset since the run. */
  question: StoredQuestion.nullable(),
  /** The cells the program read (engine PoT items); null when none was stored. */
  trace: RunItemTrace.nullable(),
  verdicts: z.array(RunVerdict.omit({ itemId: true })),
  /** The run's scorers with their versions (the method the verdicts come from). */
  scorers: z.array(ScorerRef),
});
export type RunItemDetail = z.infer<typeof RunItemDetail>;
