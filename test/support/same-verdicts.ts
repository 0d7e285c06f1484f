import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runSourceCliAsync } from './cli';

// Sends one prediction file through `workbench grade --dataset` and `workbench import-run` (the
// run then read back with `workbench export --format jsonl`) in one workspace, and lists every
// item where the two disagree on the answer read or on a scorer's verdict. Used by
// test/integration/grading/one-reader.test.ts (issue 22: one verdict everywhere).

export interface GradeItemJson {
  id: string;
  outcome: string;
  correct: boolean;
  score: number;
  rule: string;
  extracted: string | null;
  answer: unknown;
  answerKind: string | null;
  answerScale: string | null;
}

interface GradeJson {
  items: GradeItemJson[];
  warnings: string[];
}

export interface ImportJson {
  runId: number;
  records: number;
  matched: number;
  unknownIds: { count: number; examples: string[] };
  unreadable: { count: number; examples: string[] };
  duplicates: { count: number; examples: string[] };
  warnings: string[];
}

export interface TranscriptLineJson {
  externalId: string;
  source: { by: string; mode: string | null };
  answer: unknown;
  answerKind: string;
  answerScale: string | null;
  program: string | null;
  verdicts: {
    scorer: string;
    outcome: string;
    correct: boolean;
    score: number;
    rule: string;
    extracted: string | null;
  }[];
}

export interface SameVerdicts {
  imported: ImportJson;
  lines: TranscriptLineJson[];
  graded: Record<string, GradeItemJson[]>;
  /** One line per disagreement: "<id> <scorer>: <field> grade … import …". */
  differences: string[];
}

async function cli(args: string[]): Promise<string> {
  const r = await runSourceCliAsync(args);
  if (r.code !== 0)
    throw new Error(`workbench ${args.join(' ')} exited ${r.code}: ${r.stderr.trim()}`);
  return r.stdout;
}

const show = (v: unknown) => JSON.stringify(v);

export async function sameVerdicts(options: {
  workspace: string;
  datasetId: number;
  format: string;
  file: string;
  scorers: string[];
  /** Where the export is written (a folder of the test's own). */
  outDir: string;
}): Promise<SameVerdicts> {
  const ws = ['--workspace', options.workspace];
  const imported = JSON.parse(
    await cli([
      'import-run',
      '--format',
      options.format,
      options.file,
      '--dataset-id',
      String(options.datasetId),
      '--scorer',
      options.scorers.join(','),
      '--json',
      ...ws,
    ]),
  ) as ImportJson;
  const out = join(options.outDir, `run-${imported.runId}.jsonl`);
  await cli(['export', `run:${imported.runId}`, '--format', 'jsonl', '--out', out, ...ws]);
  const lines = readFileSync(out, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as TranscriptLineJson);
  const graded: Record<string, GradeItemJson[]> = {};
  // Each scorer's grade in its own process, two at a time (the machine is shared).
  for (let i = 0; i < options.scorers.length; i += 2) {
    await Promise.all(
      options.scorers.slice(i, i + 2).map(async (scorer) => {
        const json = JSON.parse(
          await cli([
            'grade',
            '--format',
            options.format,
            '--predictions',
            options.file,
            '--dataset',
            String(options.datasetId),
            '--scorer',
            scorer,
            '--json',
            ...ws,
          ]),
        ) as GradeJson;
        graded[scorer] = json.items;
      }),
    );
  }
  const differences: string[] = [];
  for (const scorer of options.scorers) {
    const items = graded[scorer]!;
    const byId = new Map<string, GradeItemJson>();
    for (const it of items) if (!byId.has(it.id)) byId.set(it.id, it);
    for (const line of lines) {
      const g = byId.get(line.externalId);
      const at = `${line.externalId} ${scorer}`;
      if (!g) {
        differences.push(`${at}: imported, but not among grade's items`);
        continue;
      }
      if (show(g.answer) !== show(line.answer))
        differences.push(`${at}: answer grade ${show(g.answer)} import ${show(line.answer)}`);
      if (g.answerKind !== line.answerKind)
        differences.push(`${at}: answerKind grade ${g.answerKind} import ${line.answerKind}`);
      if (g.answerScale !== line.answerScale)
        differences.push(
          `${at}: answerScale grade ${show(g.answerScale)} import ${show(line.answerScale)}`,
        );
      const v = line.verdicts.find((x) => x.scorer === scorer);
      if (!v) {
        differences.push(`${at}: no ${scorer} verdict in the run`);
        continue;
      }
      for (const f of ['outcome', 'correct', 'score', 'rule', 'extracted'] as const)
        if (show(g[f]) !== show(v[f]))
          differences.push(`${at}: ${f} grade ${show(g[f])} import ${show(v[f])}`);
    }
    // What import-run did not store, grade must have given an error item for: the records
    // that could not be read or answered an id twice, and the ids the dataset lacks.
    const unread = items.filter((i) => i.answerKind === null).length;
    const expectUnread = imported.unreadable.count + imported.duplicates.count;
    if (unread !== expectUnread)
      differences.push(
        `${scorer}: ${unread} unreadable or duplicate items in grade, ${expectUnread} in import`,
      );
    const unknown = items.filter((i) =>
      /^id not found in (the gold file|dataset )/.test(i.rule),
    ).length;
    if (unknown !== imported.unknownIds.count)
      differences.push(
        `${scorer}: ${unknown} ids unknown to the dataset in grade, ${imported.unknownIds.count} in import`,
      );
    if (items.length !== imported.records)
      differences.push(`${scorer}: grade has ${items.length} items, the file ${imported.records}`);
  }
  return { imported, lines, graded, differences };
}
