import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Services } from '../../../main/services';
import type { StoredQuestion } from '../../../shared/datasets';
import type { Outcome } from '../../../shared/grading/verdict';
import type { DatasetFormat } from '../../../shared/document/dataset-format';
import type { AnswerScale } from '../../../shared/datasets/question';
import { answerPrediction } from '../../../shared/sessions/prediction';
import { dataPath } from '../../support/data-dir';

/**
 * One fixed set of answers to real questions of five benchmark formats (issue 22, "One verdict
 * everywhere"): each path that grades (Ask, the run engine, import-run, `workbench grade`,
 * sessions, the gap, re-grades after a dispute and of stale verdicts) must give each of them
 * the same verdict. An answer is written as an expert types it (value, unit, scale selector);
 * a model's output is the same answer as one line of text (`answerText`).
 */
export interface VerdictFixture {
  format: DatasetFormat;
  /** The dataset's own question id. */
  id: string;
  value: string;
  unit?: string;
  scale?: AnswerScale;
  /** The outcome the default scorer gives (only clear-cut answers are pinned). */
  outcome: Outcome;
}

export const FIXTURES: readonly VerdictFixture[] = [
  // TAT-QA dev, first two records (golds rounded to 2 decimals, with a scale).
  {
    format: 'tatqa',
    id: 'eb787966-fa02-401f-bfaf-ccabf3828b23',
    value: '-12.6',
    scale: 'million',
    outcome: 'correct',
  },
  {
    format: 'tatqa',
    id: '05b670d3-5b19-438c-873f-9bf6de29c69e',
    value: '22.22',
    unit: '%',
    outcome: 'incorrect',
  },
  {
    format: 'tatqa',
    id: '4960801d-277d-4f79-8eca-c4d0200fa9d6',
    value: '$1,496.5',
    scale: 'million',
    outcome: 'correct',
  },
  // Gold -94 (million) at TAT-QA's 2 decimals is -94.00: -94.4 is wrong there, right without
  // the decimals (what the Ask panel graded before it passed them).
  {
    format: 'tatqa',
    id: 'b2786c1a-37de-4120-b03c-32bf5c81f157',
    value: '-94.4',
    scale: 'million',
    outcome: 'incorrect',
  },
  {
    format: 'tatqa',
    id: 'fe11f001-3bfe-4089-8108-412676f0a780',
    value: '-12.14',
    unit: '%',
    outcome: 'correct',
  },
  // FinQA dev.
  { format: 'finqa', id: 'V/2008/page_17.pdf-1', value: '127.4', outcome: 'correct' },
  { format: 'finqa', id: 'STT/2011/page_83.pdf-1', value: '-114', outcome: 'incorrect' },
  // FinanceMath (DocMath-Eval's format): golds at 3 decimals, so 0.104 is not 0.1.
  { format: 'docmath', id: 'validation-0', value: '-8184', outcome: 'correct' },
  { format: 'docmath', id: 'validation-1', value: '175', outcome: 'correct' },
  { format: 'docmath', id: 'validation-5', value: '0.104', outcome: 'incorrect' },
  // TableQuest easy (golds as printed: "$1,458", "171.9", "(79)").
  { format: 'tablequest', id: 'easy-0', value: '1,458', outcome: 'correct' },
  { format: 'tablequest', id: 'easy-2', value: '171.8', outcome: 'incorrect' },
  { format: 'tablequest', id: 'easy-3', value: '-79', outcome: 'correct' },
  // FinanceBench (golds written as sentences).
  {
    format: 'financebench',
    id: 'financebench_id_01928',
    value: '2,018',
    scale: 'million',
    outcome: 'correct',
  },
  {
    format: 'financebench',
    id: 'financebench_id_00601',
    value: 'I cannot determine this from the document.',
    outcome: 'refusal',
  },
];

export const FORMATS: readonly DatasetFormat[] = [
  'tatqa',
  'finqa',
  'docmath',
  'tablequest',
  'financebench',
];

/** The answer as a model writes it: the typed value (with % when the unit says so) and its scale. */
export function answerText(f: VerdictFixture): string {
  const { prediction, predScale } = answerPrediction({
    value: f.value,
    unit: f.unit ?? '',
    scale: f.scale ?? '',
  });
  return predScale ? `${prediction} ${predScale}` : prediction;
}

export const key = (f: Pick<VerdictFixture, 'format' | 'id'>) => `${f.format}:${f.id}`;

const json = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/**
 * The fixtures' datasets, cut from the real files into `dir` (with the PDFs they need beside
 * them) and imported; answers each format's dataset id and stored questions by their own id.
 */
export async function importFixtureDatasets(
  s: Services,
  dir: string,
): Promise<Map<DatasetFormat, { datasetId: number; questions: Map<string, StoredQuestion> }>> {
  const ids = (format: DatasetFormat) =>
    new Set(FIXTURES.filter((f) => f.format === format).map((f) => f.id));
  const files: [DatasetFormat, string][] = [];

  const tatqa = json(dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json')) as unknown[];
  files.push(['tatqa', write(dir, 'tatqa_fixture.json', tatqa.slice(0, 2))]);

  const finqa = json(dataPath('datasets', 'finqa', 'finqa_dev_200.json')) as { id: string }[];
  files.push([
    'finqa',
    write(
      dir,
      'finqa_fixture.json',
      finqa.filter((r) => ids('finqa').has(r.id)),
    ),
  ]);

  const docmath = json(dataPath('datasets', 'financemath', 'validation.json')) as {
    question_id: string;
  }[];
  files.push([
    'docmath',
    write(
      dir,
      'financemath_fixture.json',
      docmath.filter((r) => ids('docmath').has(r.question_id)),
    ),
  ]);

  // TableQuest ids are "<difficulty>-<index in file>": the first records keep theirs.
  const easy = (json(dataPath('tablequest', 'easy.json')) as { image: string }[]).slice(0, 4);
  mkdirSync(join(dir, 'pages', 'easy'), { recursive: true });
  for (const r of easy) {
    const stem = r.image.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
    copyFileSync(
      dataPath('tablequest', 'pages', 'easy', `${stem}.pdf`),
      join(dir, 'pages', 'easy', `${stem}.pdf`),
    );
  }
  files.push(['tablequest', write(dir, 'easy.json', easy)]);

  const fb = readFileSync(dataPath('financebench', 'questions.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { financebench_id: string; doc_name: string })
    .filter((r) => ids('financebench').has(r.financebench_id));
  mkdirSync(join(dir, 'pdfs'), { recursive: true });
  for (const doc of new Set(fb.map((r) => r.doc_name)))
    copyFileSync(dataPath('financebench', 'pdfs', `${doc}.pdf`), join(dir, 'pdfs', `${doc}.pdf`));
  const fbFile = join(dir, 'questions.jsonl');
  writeFileSync(fbFile, fb.map((r) => JSON.stringify(r)).join('\n') + '\n');
  files.push(['financebench', fbFile]);

  const out = new Map<
    DatasetFormat,
    { datasetId: number; questions: Map<string, StoredQuestion> }
  >();
  for (const [format, file] of files) {
    const { datasetId } = await s.datasets.importFile(format, file);
    const questions = new Map(s.datasets.storedQuestions(datasetId).map((q) => [q.externalId, q]));
    for (const id of ids(format))
      if (!questions.has(id)) throw new Error(`fixture question ${format}:${id} was not imported`);
    out.set(format, { datasetId, questions });
  }
  return out;
}

function write(dir: string, name: string, records: unknown[]): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(records));
  return file;
}
