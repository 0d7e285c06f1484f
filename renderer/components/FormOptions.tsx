import type { DatasetSummary } from '../../shared/datasets/stored-question';
import type { Stratify } from '../../shared/sessions/session';

// Options that several forms offer (start a run, import predictions, a new session, a new
// question set): one wording each, so a dataset or a balance reads the same on every screen.

/** The workspace's datasets as a select's options: name and question count, by id. */
export function DatasetOptions({ datasets }: { datasets: readonly DatasetSummary[] }) {
  return datasets.map((d) => (
    <option key={d.id} value={d.id}>
      {d.name} ({d.questionCount.toLocaleString()} questions)
    </option>
  ));
}

/** How a seeded sample is balanced. */
export const STRATIFY_LABEL: Record<Stratify, string> = {
  'answer-type': 'answer type',
  subset: 'subset',
  none: 'nothing (simple random)',
};

export function StratifyOptions() {
  return (Object.keys(STRATIFY_LABEL) as Stratify[]).map((s) => (
    <option key={s} value={s}>
      {STRATIFY_LABEL[s]}
    </option>
  ));
}
