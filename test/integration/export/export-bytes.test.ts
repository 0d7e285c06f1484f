import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodInput, MethodOutput } from '../../../shared/api/contract';
import type { Services } from '../../../main/services';
import type { Session } from '../../../shared/sessions/session';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { exportTo } from './export-support';

// `export.bytes`: what the screens download. The bytes are the file `workbench export` writes
// (the HTML differs only by its "exported at" time), named for the target and format.

describe.skipIf(!hasData)('export.bytes (the screens’ download)', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let s: Services;
  let out: ReturnType<typeof tempDir>;
  let session: Session;

  const bytes = async (input: MethodInput<'export.bytes'>) => {
    const r = await s.registry.call('export.bytes', input);
    if (!r.ok) throw new Error(r.error.message);
    return r.value as MethodOutput<'export.bytes'>;
  };

  beforeAll(async () => {
    env = await tempServices();
    s = env.services;
    out = tempDir('workbench-export-bytes-');
    const { datasetId } = await s.datasets.importFile(
      'tatqa',
      dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
    );
    session = s.sessions.create({
      datasetId,
      questionCount: 3,
      seed: 5,
      budgetSeconds: 600,
      expert: 'Bytes expert',
    });
    for (const questionId of session.questionIds.slice(0, 2)) {
      const q = s.datasets.question(questionId);
      const gold = Array.isArray(q.gold.answer) ? q.gold.answer.join(', ') : String(q.gold.answer);
      const saved = s.sessions.saveAnswer({
        sessionId: session.id,
        questionId,
        baseRevision: 0,
        value: gold,
        scale: q.scale ?? '',
      });
      if (saved.status !== 'saved') throw new Error('save refused');
      s.sessions.submit({ sessionId: session.id, questionId, baseRevision: 1 });
    }
  }, 120_000);
  afterAll(() => {
    env?.cleanup();
    out?.cleanup();
  });

  it('refuses an open session as the CLI does (blinded until finished)', async () => {
    const r = await s.registry.call('export.bytes', {
      target: { kind: 'session', id: session.id },
      format: 'jsonl',
    });
    expect(r).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/still open/) as unknown },
    });
    s.sessions.finish(session.id);
  });

  it('answers the same bytes as the written file, with a name and a type', async () => {
    const target = { kind: 'session' as const, id: session.id };
    for (const format of ['jsonl', 'csv', 'tatqa'] as const) {
      const path = join(out.dir, `f.${format}`);
      const written = await exportTo(s, target, format, path);
      const got = await bytes({ target, format });
      expect(Buffer.from(got.bytes).equals(readFileSync(path))).toBe(true);
      expect(got.items).toBe(written.items);
    }
    const html = await bytes({ target, format: 'html' });
    expect(html).toMatchObject({
      name: `session-${session.id}-transcripts.html`,
      mimeType: 'text/html;charset=utf-8',
      items: 3,
    });
    const text = new TextDecoder().decode(html.bytes);
    expect(text).toMatch(/^<!doctype html>/i);
    expect(text).toContain(s.datasets.question(session.questionIds[0]!).question);
    const tatqa = await bytes({ target, format: 'tatqa' });
    expect(tatqa.name).toBe(`session-${session.id}-tatqa.json`);
    expect(Object.keys(JSON.parse(new TextDecoder().decode(tatqa.bytes)) as object)).toHaveLength(
      3,
    );
  });

  it('says what is wrong: a format that does not fit, an unknown scorer, no such session', async () => {
    const target = { kind: 'session' as const, id: session.id };
    const codalab = await s.registry.call('export.bytes', { target, format: 'codalab' });
    expect(codalab).toMatchObject({
      ok: false,
      error: {
        message: expect.stringMatching(/codalab is DocMath-Eval's submission format/) as unknown,
      },
    });
    const scorer = await s.registry.call('export.bytes', { target, format: 'csv', scorer: 'x' });
    expect(scorer).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        message: expect.stringMatching(/no verdicts of scorer "x"/) as unknown,
      },
    });
    const missing = await s.registry.call('export.bytes', {
      target: { kind: 'run', id: 999 },
      format: 'jsonl',
    });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
});

describe.skipIf(!hasData)('a DocMath-Eval session’s CodaLab file, downloaded', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let out: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    env = await tempServices();
    out = tempDir('workbench-export-codalab-');
  });
  afterAll(() => {
    env?.cleanup();
    out?.cleanup();
  });

  it('is [{question_id, output}] in the session’s order and reads back as DocMath-Eval records', async () => {
    const s = env.services;
    const { datasetId } = await s.datasets.importFile(
      'docmath',
      dataPath('datasets', 'financemath', 'validation.json'),
    );
    const session = s.sessions.create({
      datasetId,
      questionCount: 4,
      seed: 3,
      budgetSeconds: 600,
      expert: 'CFA',
    });
    const values = ['12.5', '-3', '1,234.5', '0.25'];
    for (const [i, questionId] of session.questionIds.entries()) {
      const saved = s.sessions.saveAnswer({
        sessionId: session.id,
        questionId,
        baseRevision: 0,
        value: values[i]!,
        scale: i === 2 ? 'million' : '',
      });
      if (saved.status !== 'saved') throw new Error('save refused');
      if (i < 3) s.sessions.submit({ sessionId: session.id, questionId, baseRevision: 1 });
    }
    s.sessions.finish(session.id);
    const r = await s.registry.call('export.bytes', {
      target: { kind: 'session', id: session.id },
      format: 'codalab',
    });
    if (!r.ok) throw new Error(r.error.message);
    const got = r.value as MethodOutput<'export.bytes'>;
    expect(got.name).toBe(`session-${session.id}-codalab.json`);
    const rows = JSON.parse(new TextDecoder().decode(got.bytes)) as Record<string, unknown>[];
    const ids = session.questionIds.map((id) => s.datasets.question(id).externalId);
    expect(rows.map((x) => x.question_id)).toEqual(ids);
    for (const x of rows) {
      expect(Object.keys(x).sort()).toEqual(['output', 'question_id']);
      expect(typeof x.output).toBe('string');
    }
    // Submitted answers as their one-line form; the unsubmitted one has no output.
    expect(rows[2]!.output).toMatch(/^1,234\.5 million/);
    expect(rows[3]!.output).toBe('');
    const path = join(out.dir, 'codalab.json');
    writeFileSync(path, got.bytes);
    const back = await s.runs.importFile({
      format: 'docmath-processed',
      path,
      scorers: ['strict'],
    });
    expect(back).toMatchObject({ matched: 4, unknownIds: { count: 0 }, unreadable: { count: 0 } });
  });
});

if (!hasData) describe('export.bytes', () => it.skip(noDataMessage));
