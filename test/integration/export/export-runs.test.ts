import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/services';
import { runsRepo } from '../../../main/db/runs-repo';
import { programCells } from '../../../main/export/program-cells';
import { escapeHtml } from '../../../main/export/html-escape';
import { methodLines } from '../../../shared/runs/report-format';
import { expandJsonBytes } from '../../../shared/api/json-bytes';
import { gridLayout } from '../../../shared/document/grid-layout';
import type { Document } from '../../../shared/document';
import { gradeWith } from '../../../main/grading/grading-service';
import { getScorer } from '../../../shared/grading/scorers';
import { WorkbenchError } from '../../../shared/api/result';
import { formulaCells } from '../../support/csv';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { exportTo, parseCsv, readTranscripts, verdictKey } from './export-support';

// Every export format from real imported runs: FinanceMath PoT outputs (gpt-4o, with the
// recorded verdicts beside ours) and the TAT-QA dev Program-of-Thoughts outputs.

const fmPot = dataPath(
  'model_outputs',
  'financemath_validation',
  'processed_pot_outputs',
  'gpt-4o.json',
);
const tatqaPot = dataPath('model_outputs', 'tatqa_dev', 'tatqa_s0_e-1_11_08_11_09.jsonl');

async function failure(p: Promise<unknown>): Promise<WorkbenchError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof WorkbenchError) return e;
    throw e;
  }
  throw new Error('expected a WorkbenchError');
}

const mean = (xs: number[]) =>
  Math.round((10000 * xs.reduce((a, b) => a + b, 0)) / xs.length) / 100;

describe.skipIf(!hasData)('export of imported runs', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let s: Services;
  let out: ReturnType<typeof tempDir>;
  let fmRun: number;
  let tqRun: number;
  beforeAll(async () => {
    env = await tempServices();
    s = env.services;
    out = tempDir('workbench-export-');
    await s.datasets.importFile('docmath', dataPath('datasets', 'financemath', 'validation.json'));
    await s.datasets.importFile('tatqa', dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'));
    fmRun = (await s.runs.importFile({ format: 'docmath-processed', path: fmPot })).runId;
    tqRun = (await s.runs.importFile({ format: 'tatqa-pot', path: tatqaPot })).runId;
  }, 120_000);
  afterAll(() => {
    env?.cleanup();
    out?.cleanup();
  });

  it('JSONL: one schema line per item, in batches, with every scorer verdict as stored', async () => {
    const path = join(out.dir, 'fm.jsonl');
    // A batch smaller than the run: the keyset pages must join up without loss or repeat.
    const r = await exportTo(s, { kind: 'run', id: fmRun }, 'jsonl', path, { batchSize: 7 });
    expect(r).toMatchObject({ target: `run:${fmRun}`, items: 200 });
    const lines = readTranscripts(path);
    expect(lines).toHaveLength(200);
    const repo = runsRepo(s.workspace.db);
    const items = repo.items(fmRun);
    expect(lines.map((l) => l.itemId)).toEqual(items.map((i) => i.itemId));
    expect(lines.map((l) => l.position)).toEqual(items.map((_, i) => i));
    const first = lines[0]!;
    expect(first).toMatchObject({
      schema: 'filing-workbench.transcript/1',
      source: { kind: 'run', id: fmRun, by: 'gpt-4o', mode: 'pot-python' },
      externalId: items[0]!.externalId,
      answerKind: 'executed',
      human: null,
      reviewerOverrides: [],
    });
    expect(first.program).toContain('def solution');
    expect(first.question).toBeTruthy();
    // The report's headline scorer first (DocMath's default, strict), then the run's others.
    expect(first.verdicts.map((v) => v.scorer)).toEqual(['strict', 'docmath', 'imported']);
    const stored = repo.verdicts(fmRun).map(({ itemId, ...v }) => `${itemId} ${verdictKey(v)}`);
    expect(
      lines.flatMap((l) => l.verdicts.map((v) => `${l.itemId} ${verdictKey(v)}`)).sort(),
    ).toEqual(stored.sort());
    // Nothing but the export is left in the folder (the part file was renamed).
    expect(readdirSync(out.dir).filter((n) => n.endsWith('.part'))).toEqual([]);
  });

  it('JSONL round trip: the export re-imports (import-run --format jsonl) to identical verdicts', async () => {
    for (const [runId, name] of [
      [fmRun, 'fm-rt.jsonl'],
      [tqRun, 'tq-rt.jsonl'],
    ] as const) {
      const path = join(out.dir, name);
      await exportTo(s, { kind: 'run', id: runId }, 'jsonl', path);
      const { manifest } = s.runs.get(runId);
      const ours = manifest.scorers.map((x) => x.id).filter((x) => x !== 'imported');
      const back = await s.runs.importFile({ format: 'jsonl', path, scorers: ours });
      expect(back.matched).toBe(runsRepo(s.workspace.db).items(runId).length);
      expect(back.unreadable.count).toBe(0);
      const { summary } = s.runs.get(back.runId);
      expect(summary.model).toBe(s.runs.get(runId).summary.model);
      expect(summary.mode).toBe(s.runs.get(runId).summary.mode);
      const byExt = (id: number) => {
        const repo = runsRepo(s.workspace.db);
        const ext = new Map(repo.items(id).map((i) => [i.itemId, i.externalId]));
        return repo
          .verdicts(id)
          .map(({ itemId, ...v }) => `${ext.get(itemId)} ${verdictKey(v)}`)
          .sort();
      };
      expect(byExt(back.runId)).toEqual(byExt(runId));
      const items = (id: number) =>
        runsRepo(s.workspace.db)
          .items(id)
          .map(({ itemId: _i, ...it }) => JSON.stringify(it));
      expect(items(back.runId)).toEqual(items(runId));
    }
  });

  it('CSV: RFC 4180, one row per item, formula cells guarded', async () => {
    const path = join(out.dir, 'fm.csv');
    await exportTo(s, { kind: 'run', id: fmRun }, 'csv', path);
    const text = readFileSync(path, 'utf8');
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      'source',
      'item_id',
      'question_id',
      'external_id',
      'answer',
      'answer_scale',
      'scorer',
      'correct',
      'score',
      'outcome',
      'rule',
      'latency_ms',
      'active_seconds',
      'question',
      'gold',
      'gold_scale',
    ]);
    expect(rows).toHaveLength(201);
    expect(new Set(rows.map((r) => r.length))).toEqual(new Set([16]));
    // Issue 22: the question and its gold on every row.
    expect(rows.slice(1).every((r) => r[13]!.length > 0 && r[14]!.length > 0)).toBe(true);
    // The default is the scorer the report headlines: DocMath's default scorer, strict.
    expect(new Set(rows.slice(1).map((r) => r[6]))).toEqual(new Set(['strict']));
    // No cell a spreadsheet would run; negative answers stay numbers (-8184, not '-8184).
    expect(formulaCells(rows)).toEqual([]);
    expect(rows.some((r) => /^-\d+(\.\d+)?$/.test(r[4]!))).toBe(true);
    // Another scorer on request; a scorer the run does not have is refused, no file written.
    await exportTo(s, { kind: 'run', id: fmRun }, 'csv', join(out.dir, 'docmath.csv'), {
      scorer: 'docmath',
    });
    const official = parseCsv(readFileSync(join(out.dir, 'docmath.csv'), 'utf8'));
    expect(new Set(official.slice(1).map((r) => r[6]))).toEqual(new Set(['docmath']));
    expect(official.slice(1).filter((r) => r[7] === 'true').length / 2).toBe(59.5);
    const bad = await failure(
      exportTo(s, { kind: 'run', id: fmRun }, 'csv', join(out.dir, 'x.csv'), { scorer: 'tatqa' }),
    );
    expect(bad.message).toMatch(
      /no verdicts of scorer "tatqa" \(it has strict, docmath, imported\)/,
    );
    expect(existsSync(join(out.dir, 'x.csv'))).toBe(false);
  });

  it('CodaLab: [{question_id, output}] with the raw outputs, read back by the DocMath reader', async () => {
    const path = join(out.dir, 'codalab.json');
    await exportTo(s, { kind: 'run', id: fmRun }, 'codalab', path);
    const data = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    expect(Array.isArray(data)).toBe(true);
    const rows = data as Record<string, unknown>[];
    expect(rows).toHaveLength(200);
    for (const r of rows) {
      expect(Object.keys(r).sort()).toEqual(['output', 'question_id']);
      expect(typeof r.question_id).toBe('string');
      expect(typeof r.output).toBe('string');
    }
    const items = runsRepo(s.workspace.db).items(fmRun);
    expect(rows.map((r) => r.question_id)).toEqual(items.map((i) => i.externalId));
    expect(rows.map((r) => r.output)).toEqual(items.map((i) => i.output));
    // The file's output (a one-element list in these files) exactly as the model wrote it.
    const original = JSON.parse(readFileSync(fmPot, 'utf8')) as {
      question_id: string;
      output: string | string[];
    }[];
    const raw = new Map(
      original.map((o) => [o.question_id, Array.isArray(o.output) ? o.output[0] : o.output]),
    );
    expect(rows.every((r) => raw.get(r.question_id as string) === r.output)).toBe(true);
    // The submission reads as DocMath-Eval records (question_id + output) for every question.
    const back = await s.runs.importFile({
      format: 'docmath-processed',
      path,
      scorers: ['strict'],
    });
    expect(back).toMatchObject({
      matched: 200,
      unknownIds: { count: 0 },
      unreadable: { count: 0 },
    });
    // A TAT-QA run has no DocMath-Eval ids: refused, no file.
    const wrong = await failure(
      exportTo(s, { kind: 'run', id: tqRun }, 'codalab', join(out.dir, 'tq-codalab.json')),
    );
    expect(wrong.message).toMatch(
      /codalab is DocMath-Eval's submission format; run #\d+ is on a tatqa dataset/,
    );
    expect(existsSync(join(out.dir, 'tq-codalab.json'))).toBe(false);
    expect(readdirSync(out.dir).filter((n) => n.endsWith('.part'))).toEqual([]);
  });

  it('TAT-QA: {uid: [answer, scale]} that re-grades to the same EM/F1 with the tatqa scorer', async () => {
    const path = join(out.dir, 'tatqa-pred.json');
    const r = await exportTo(s, { kind: 'run', id: tqRun }, 'tatqa', path);
    const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(typeof data).toBe('object');
    expect(Array.isArray(data)).toBe(false);
    const entries = Object.entries(data);
    expect(entries).toHaveLength(r.items);
    // The evaluator's reader: pred_data[uid] is a pair, the answer a number, a string or a list
    // of strings, and the scale a string.
    for (const [, v] of entries) {
      expect(Array.isArray(v) && v.length === 2).toBe(true);
      const [answer, scale] = v as [unknown, unknown];
      expect(
        typeof answer === 'number' ||
          typeof answer === 'string' ||
          (Array.isArray(answer) &&
            answer.every((x) => typeof x === 'string' || typeof x === 'number')),
      ).toBe(true);
      expect(typeof scale).toBe('string');
    }
    const tatqa = getScorer('tatqa')!;
    const dsId = s.runs.get(tqRun).summary.datasetId!;
    const questions = new Map(s.datasets.storedQuestions(dsId).map((q) => [q.externalId, q]));
    const regraded = entries.map(([uid, v]) => {
      const [answer, scale] = v as [unknown, string];
      return gradeWith(tatqa, 'tatqa', questions.get(uid), {
        answer: answer === '' ? null : answer,
        answerKind: 'extracted',
        answerScale: scale,
      });
    });
    const stored = runsRepo(s.workspace.db)
      .verdicts(tqRun)
      .filter((v) => v.scorer === 'tatqa');
    expect(stored).toHaveLength(r.items);
    const em = (vs: { correct: boolean }[]) => mean(vs.map((v) => (v.correct ? 1 : 0)));
    const f1 = (vs: { score: number }[]) => mean(vs.map((v) => v.score));
    // Item by item, not only on average (the file keeps the item order).
    expect(regraded.map((v) => [v.correct, v.score])).toEqual(
      stored.map((v) => [v.correct, v.score]),
    );
    expect(em(regraded)).toBe(em(stored));
    expect(f1(regraded)).toBe(f1(stored));
    expect(em(stored)).toBe(68.99);
    // A DocMath run has no TAT-QA uids: refused.
    const wrong = await failure(
      exportTo(s, { kind: 'run', id: fmRun }, 'tatqa', join(out.dir, 'fm-tatqa.json')),
    );
    expect(wrong.message).toMatch(/tatqa is TAT-QA's prediction format/);
  });

  it('HTML: every item with its verdicts, the gold evidence highlighted, no script', async () => {
    const path = join(out.dir, 'tq.html');
    const r = await exportTo(s, { kind: 'run', id: tqRun }, 'html', path);
    const html = readFileSync(path, 'utf8');
    expect(r.items).toBe(1667);
    expect(html.match(/<section class="item"/g)).toHaveLength(1667);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\b(src|href)=/i);
    expect(html).toContain('class="ev-g"');
    expect(html).toContain('Reviewer overrides');
    // The Method list the run's report shows (scorers, versions, the default row), as text.
    const method = s.runs.report(tqRun).report.method;
    expect(method.scorers.map((m) => m.id)).toEqual(expect.arrayContaining(['strict', 'tatqa']));
    expect(html).toContain(
      `<h2>Method</h2>\n<ul class="method">\n${methodLines(method)
        .map((l) => `<li>${escapeHtml(l)}</li>`)
        .join('\n')}\n</ul>`,
    );
    const fm = join(out.dir, 'fm.html');
    await exportTo(s, { kind: 'run', id: fmRun }, 'html', fm);
    const fmHtml = readFileSync(fm, 'utf8');
    expect(fmHtml.match(/<section class="item"/g)).toHaveLength(200);
    expect(fmHtml).toContain('def solution');
  });

  it('marks the cells a JavaScript program names by grid position, as the view places them', async () => {
    const dsId = s.runs.get(tqRun).summary.datasetId!;
    const q = s.datasets.storedQuestions(dsId).find((x) => x.documentId !== null)!;
    const doc = (expandJsonBytes(await s.documents.open(q.documentId!)) as { model: Document })
      .model;
    const table = doc.tables[0]!;
    const layout = gridLayout(table);
    const r = layout.rows.findIndex((row) => Object.keys(row.cells).length > 0);
    const field = Object.keys(layout.rows[r]!.cells)[0]!;
    const c = layout.columns.findIndex((col) => col.field === field);
    const cell = layout.rows[r]!.cells[field]!;
    const program = `function solution() {
  const a = cell('${table.id}', ${r}, ${c});
  const b = cellInfo("${table.id}", ${r}, ${c}).value; // the same cell twice
  const d = cell('${table.id}', ['Revenue'], ['2019']); // by path: not resolved from the text
  const e = cell('t999', 0, 0); // no such table
  return a + b + d + e;
}`;
    expect(programCells(program, doc)).toEqual([
      { type: 'cell', tableId: table.id, sourceRow: cell.sourceRow, sourceCol: cell.sourceCol },
    ]);
    expect(programCells(null, doc)).toEqual([]);
  });

  it('refuses what it cannot export with a clear message', async () => {
    expect(
      (await failure(exportTo(s, { kind: 'run', id: 9999 }, 'jsonl', join(out.dir, 'a')))).message,
    ).toMatch(/no run #9999/);
    expect(
      (
        await failure(
          exportTo(s, { kind: 'run', id: fmRun }, 'jsonl', join(out.dir, 'nope', 'a.jsonl')),
        )
      ).message,
    ).toMatch(/does not exist/);
    expect(
      (await failure(exportTo(s, { kind: 'run', id: fmRun }, 'jsonl', out.dir))).message,
    ).toMatch(/is a folder/);
  });
});

if (!hasData) describe('export of imported runs', () => it.skip(noDataMessage));
