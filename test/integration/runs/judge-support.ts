import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Services } from '../../../main/services';
import type { StoredQuestion } from '../../../shared/datasets';
import { dataPath } from '../../support/data-dir';

/** TableQuest's hard questions (analytic free-text gold) imported; their stored questions. */
export async function importTablequestHard(s: Services): Promise<StoredQuestion[]> {
  const { datasetId } = await s.datasets.importFile(
    'tablequest',
    dataPath('tablequest', 'hard.json'),
  );
  return s.datasets.storedQuestions(datasetId);
}

/**
 * A run imported from generic JSONL (`{id, output}`, model named by the file): one answer per
 * question, made from its gold. Answers the run id.
 */
export async function importAnswers(
  s: Services,
  dir: string,
  model: string,
  questions: readonly StoredQuestion[],
  answer: (gold: string, i: number) => string,
): Promise<number> {
  const file = join(dir, `${model}.jsonl`);
  writeFileSync(
    file,
    questions
      .map((q, i) => JSON.stringify({ id: q.externalId, output: answer(String(q.gold.answer), i) }))
      .join('\n'),
  );
  const r = await s.runs.importFile({
    path: file,
    format: 'jsonl',
    datasetId: questions[0]!.datasetId,
  });
  return r.runId;
}
