import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodOutput } from '../../../shared/api/contract';
import type { Services } from '../../../main/services';
import type { ExportTarget } from '../../../shared/export/export-format';
import type { TranscriptLine } from '../../../shared/runs/transcript';
import { CSV_COLUMNS } from '../../../main/export/csv-format';
import { WorkbenchError } from '../../../shared/api/result';
import { runSourceCli } from '../../support/cli';
import { formulaCells, guardedText, HOSTILE_CELLS, parseCsv } from '../../support/csv';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { exportTo, readTranscripts } from './export-support';

// Issue 21 item 4 and issue 22: every CSV the app writes from runs and sessions, through every
// path (`workbench report --format csv`, `workbench export --format csv`, `export.bytes` for a run
// and for a session, the session's file export), with hostile model answers, expert answers,
// question texts and golds: no cell a spreadsheet would run, every text read back as it was
// with `'` in front of a formula, numbers left numbers, and the transcript CSV carrying the
// question and the gold. No public data needed: the dataset is written here.

// The columns themselves are pinned, literally, by export-runs.test.ts; here they only locate cells.
const col = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);

/** Per question: its text, its gold and the model's answer (hostile, or a plain number). */
const CASES: { uid: string; question: string; gold: string | number; answer: unknown }[] = [
  ...HOSTILE_CELLS.map((h, i) => ({
    uid: `h${i}`,
    question: h,
    gold: HOSTILE_CELLS[(i + 1) % HOSTILE_CELLS.length]!,
    answer: h,
  })),
  // A number the program computed stays a number; so does the same number written as text.
  { uid: 'n0', question: 'What is the change?', gold: -12.5, answer: -12.5 },
  { uid: 'n1', question: 'What is the change in text?', gold: '-12.5', answer: '-12.5' },
];

function writeDataset(dir: string): string {
  const record = {
    table: {
      uid: 'csv-formulas-table',
      table: [
        ['', '2019', '2018'],
        ['Revenue', '1,000.0', '1,012.5'],
      ],
    },
    paragraphs: [{ uid: 'p1', order: 1, text: 'Revenue fell by 12.5 (in millions).' }],
    questions: CASES.map((c, i) => ({
      uid: c.uid,
      order: i + 1,
      question: c.question,
      answer: c.gold,
      derivation: '',
      answer_type: typeof c.gold === 'number' ? 'arithmetic' : 'span',
      answer_from: 'text',
      rel_paragraphs: ['1'],
      scale: '',
    })),
  };
  const path = join(dir, 'csv_formulas_tatqa.json');
  writeFileSync(path, JSON.stringify([record]));
  return path;
}

function writeRun(dir: string): string {
  const path = join(dir, 'hostile_pot.jsonl');
  writeFileSync(
    path,
    CASES.map((c) =>
      JSON.stringify({
        question_id: c.uid,
        generated: [`ans = ${JSON.stringify(c.answer)}`],
        pred_answer: c.answer,
        pred_scale: '',
      }),
    ).join('\n'),
  );
  return path;
}

/** Parsed, with no formula cell anywhere (header included) and one row per item. */
function readCsv(text: string, items: number): string[][] {
  const rows = parseCsv(text);
  expect(formulaCells(rows)).toEqual([]);
  expect(rows).toHaveLength(items + 1);
  expect(new Set(rows.map((r) => r.length)).size).toBe(1);
  return rows;
}

/** A transcript value (answer or gold) as its CSV cell reads back. */
const asCell = (v: unknown) =>
  v === null || v === undefined
    ? ''
    : typeof v === 'number'
      ? String(v)
      : guardedText(typeof v === 'string' ? v : JSON.stringify(v));

/** Every row against the same target's JSONL transcript: answer, question, gold, verdict. */
function expectRowsMatch(rows: string[][], lines: TranscriptLine[], scorer: string) {
  expect(rows[0]).toEqual([...CSV_COLUMNS]);
  const byId = new Map(rows.slice(1).map((r) => [r[col('external_id')]!, r]));
  for (const l of lines) {
    const r = byId.get(l.externalId)!;
    expect(r, l.externalId).toBeDefined();
    const v = l.verdicts.find((x) => x.scorer === scorer);
    expect(r[col('answer')], l.externalId).toBe(asCell(l.answer));
    expect(r[col('question')], l.externalId).toBe(asCell(l.question));
    expect(r[col('gold')], l.externalId).toBe(asCell(l.gold?.answer));
    expect(r[col('gold_scale')], l.externalId).toBe(l.gold?.scale ?? '');
    expect(r[col('scorer')]).toBe(scorer);
    expect(r[col('correct')]).toBe(v ? String(v.correct) : '');
    expect(r[col('outcome')]).toBe(v ? v.outcome : '');
    expect(r[col('rule')]).toBe(v ? guardedText(v.rule) : '');
  }
}

describe('CSV from every writer path: formulas neutralised, text intact (issue 21, 22)', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let s: Services;
  let tmp: ReturnType<typeof tempDir>;
  let runId: number;
  let datasetId: number;

  const bytes = async (target: ExportTarget) => {
    const r = await s.registry.call('export.bytes', { target, format: 'csv' });
    if (!r.ok) throw new Error(r.error.message);
    const v = r.value as MethodOutput<'export.bytes'>;
    expect(v.mimeType).toBe('text/csv;charset=utf-8');
    return Buffer.from(v.bytes).toString('utf8');
  };

  beforeAll(async () => {
    env = await tempServices();
    s = env.services;
    tmp = tempDir('workbench-csv-formulas-');
    datasetId = (await s.datasets.importFile('tatqa', writeDataset(tmp.dir))).datasetId;
    runId = (await s.runs.importFile({ format: 'tatqa-pot', path: writeRun(tmp.dir) })).runId;
  }, 120_000);
  afterAll(() => {
    env?.cleanup();
    tmp?.cleanup();
  });

  it('the run holds the hostile answers as they were (the test reaches the writers)', () => {
    const path = join(tmp.dir, 'run.jsonl');
    return exportTo(s, { kind: 'run', id: runId }, 'jsonl', path).then(() => {
      const lines = readTranscripts(path);
      expect(lines.map((l) => l.answer)).toEqual(CASES.map((c) => c.answer));
      expect(lines.map((l) => l.question)).toEqual(CASES.map((c) => c.question));
    });
  });

  it('workbench report --format csv (CLI): answers guarded, numbers stay numbers', () => {
    const out = join(tmp.dir, 'report.csv');
    const r = runSourceCli([
      'report',
      String(runId),
      '--format',
      'csv',
      '--out',
      out,
      '--workspace',
      env.dir,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const rows = readCsv(readFileSync(out, 'utf8'), CASES.length);
    expect(rows[0]!.slice(0, 4)).toEqual(['question_id', 'external_id', 'subset', 'answer']);
    const answers = new Map(rows.slice(1).map((row) => [row[1]!, row[3]!]));
    for (const [i, h] of HOSTILE_CELLS.entries()) expect(answers.get(`h${i}`)).toBe(`'${h}`);
    expect(answers.get('n0')).toBe('-12.5');
    expect(answers.get('n1')).toBe('-12.5');
  });

  it('workbench export --format csv (CLI) and export.bytes of the run: the same guarded text', async () => {
    const out = join(tmp.dir, 'export.csv');
    const r = runSourceCli([
      'export',
      `run:${runId}`,
      '--format',
      'csv',
      '--out',
      out,
      '--workspace',
      env.dir,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(await bytes({ kind: 'run', id: runId })).toBe(text);
    const rows = readCsv(text, CASES.length);
    const jsonl = join(tmp.dir, 'export.jsonl');
    await exportTo(s, { kind: 'run', id: runId }, 'jsonl', jsonl);
    const lines = readTranscripts(jsonl);
    // The export's default scorer is the one the run's report headlines (TAT-QA's: strict).
    expectRowsMatch(rows, lines, s.runs.report(runId).report.scorer);
    const byId = new Map(rows.slice(1).map((row) => [row[col('external_id')]!, row]));
    for (const [i, h] of HOSTILE_CELLS.entries()) {
      const row = byId.get(`h${i}`)!;
      expect(row[col('answer')]).toBe(`'${h}`);
      expect(row[col('question')]).toBe(`'${h}`);
    }
    expect(byId.get('n0')![col('answer')]).toBe('-12.5');
    expect(byId.get('n0')![col('gold')]).toBe('-12.5');
    expect(byId.get('n1')![col('answer')]).toBe('-12.5');
  });

  describe('a finished session whose expert typed the hostile texts', () => {
    let sessionId: number;
    const submitted: string[] = [];
    beforeAll(() => {
      // An expert answering every question with the hostile text (or the number).
      const session = s.sessions.create({
        datasetId,
        questionCount: CASES.length,
        seed: 1,
        budgetSeconds: 600,
        expert: '=HYPERLINK("http://x","expert")',
      });
      sessionId = session.id;
      for (const questionId of session.questionIds) {
        const q = s.datasets.question(questionId);
        const c = CASES.find((x) => x.uid === q.externalId)!;
        const saved = s.sessions.saveAnswer({
          sessionId,
          questionId,
          baseRevision: 0,
          value: String(c.answer),
          scale: '',
        });
        if (saved.status !== 'saved') throw new Error('save refused');
        // What reads as a malformed number ("+1+1") is refused on submit and stays a draft.
        try {
          const sub = s.sessions.submit({ sessionId, questionId, baseRevision: 1 });
          if (sub.status !== 'saved') throw new Error('submit refused');
          submitted.push(c.uid);
        } catch (e) {
          if (!(e instanceof WorkbenchError)) throw e;
        }
      }
      s.sessions.finish(sessionId);
    });

    it('a finished session: the file and export.bytes, guarded, with question and gold', async () => {
      const target = { kind: 'session' as const, id: sessionId };
      const path = join(tmp.dir, 'session.csv');
      await exportTo(s, target, 'csv', path);
      const text = readFileSync(path, 'utf8');
      expect(await bytes(target)).toBe(text);
      const rows = readCsv(text, CASES.length);
      const jsonl = join(tmp.dir, 'session.jsonl');
      await exportTo(s, target, 'jsonl', jsonl);
      const lines = readTranscripts(jsonl);
      expectRowsMatch(rows, lines, s.sessions.results(sessionId).scorer);
      // The expert's submitted hostile answers are in the answer column, guarded.
      const byId = new Map(rows.slice(1).map((r) => [r[col('external_id')]!, r]));
      const hostile = submitted.filter((uid) => uid.startsWith('h'));
      expect(hostile.length).toBeGreaterThanOrEqual(3);
      for (const uid of hostile) {
        const c = CASES.find((x) => x.uid === uid)!;
        expect(byId.get(uid)![col('answer')]!.startsWith("'"), uid).toBe(true);
        expect(byId.get(uid)![col('question')]).toBe(`'${c.question}`);
      }
      expect(byId.get('n0')![col('gold')]).toBe('-12.5');
      expect(rows.slice(1).every((r) => r[col('source')] === `session:${sessionId}`)).toBe(true);
    });
  });
});
