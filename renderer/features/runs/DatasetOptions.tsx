import type { DatasetSummary } from '../../../shared/datasets/stored-question';

/** The workspace's datasets as a select's options: name and question count, by id. */
export function DatasetOptions({ datasets }: { datasets: readonly DatasetSummary[] }) {
  return datasets.map((d) => (
    <option key={d.id} value={d.id}>
      {d.name} ({d.questionCount})
    </option>
  ));
}
