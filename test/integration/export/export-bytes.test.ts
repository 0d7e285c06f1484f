import { readFileSync } from 'node:fs';
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

if (!hasData) describe('export.bytes', () => it.skip(noDataMessage));
