import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../shared/sessions/bundle';
import { runSourceCli } from '../../support/cli';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempDir } from '../../support/temp-dir';

describe.skipIf(!hasData)('workbench session … (CLI)', () => {
  const a = tempDir('workbench-cli-a-');
  const b = tempDir('workbench-cli-b-');
  const c = tempDir('workbench-cli-c-');
  afterAll(() => {
    a.cleanup();
    b.cleanup();
    c.cleanup();
  });
  const cli = (ws: string, ...args: string[]) => runSourceCli([...args, '--workspace', ws]);
  const json = <T>(r: { code: number | null; stdout: string; stderr: string }): T => {
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as T;
  };
  const tatqa = dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json');

  it('creates, lists, finishes, reports, exports and imports a session', () => {
    expect(cli(a.dir, 'import-dataset', '--format', 'tatqa', tatqa).code).toBe(0);
    const { sessionId } = json<{ sessionId: number }>(
      cli(
        a.dir,
        'session',
        'create',
        '--dataset-id',
        '1',
        '--questions',
        '3',
        '--seed',
        '4',
        '--minutes',
        '30',
        '--per-question-minutes',
        '5',
        '--stratify',
        'answer-type',
        '--expert',
        'Ana',
        '--json',
      ),
    );
    const bad = cli(a.dir, 'session', 'create', '--dataset-id', '1', '--questions', '3');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--expert NAME is required/);

    const listed = json<{ sessions: { id: number; perQuestionCapSeconds: number }[] }>(
      cli(a.dir, 'session', 'list', '--json'),
    );
    expect(listed.sessions).toMatchObject([{ id: sessionId, perQuestionCapSeconds: 300 }]);
    const early = cli(a.dir, 'session', 'results', String(sessionId), '--json');
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/still open/);

    expect(cli(a.dir, 'session', 'finish', String(sessionId)).code).toBe(0);
    const results = json<{ accuracy: { total: number; correct: number } }>(
      cli(a.dir, 'session', 'results', String(sessionId), '--json'),
    );
    expect(results.accuracy).toMatchObject({ total: 3, correct: 0 });

    const out = join(a.dir, 'ana.json');
    const exported = cli(a.dir, 'session', 'export-bundle', String(sessionId), '--out', out);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/signed with key [0-9a-f]{4}( [0-9a-f]{4}){3}/);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({
      format: 'filing-workbench-session',
      version: 2,
      signedOff: { expert: 'Ana' },
      signer: { algorithm: 'ed25519', name: 'Ana' },
    });

    expect(cli(b.dir, 'import-dataset', '--format', 'tatqa', tatqa).code).toBe(0);
    const importRun = cli(b.dir, 'session', 'import-bundle', out, '--json');
    // Under --json the human text goes to stderr: who signed it, with the key's fingerprint.
    expect(importRun.stderr).toMatch(/signed by Ana, key [0-9a-f]{4}( [0-9a-f]{4}){3}/);
    const imported = json<{ sessionId: number; warnings: string[]; signer: { state: string } }>(
      importRun,
    );
    expect(imported.signer.state).toBe('signed');
    expect(imported.warnings).toEqual([]);
    const human = cli(b.dir, 'session', 'list');
    expect(human.stdout).toMatch(/Ana .*\(imported, signed [0-9a-f]{4}( [0-9a-f]{4}){3}\)/);
    const again = cli(b.dir, 'session', 'import-bundle', out, '--json');
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already imported as session #1/);
    // Re-exported later (only exportedAt differs): still the same session, not another expert.
    const out2 = join(a.dir, 'ana-again.json');
    expect(cli(a.dir, 'session', 'export-bundle', String(sessionId), '--out', out2).code).toBe(0);
    const replay = cli(b.dir, 'session', 'import-bundle', out2);
    expect(replay.code).toBe(1);
    expect(replay.stderr).toMatch(/already imported as session #1 \(Ana\); nothing changed/);
    expect(replay.stderr.trim().split('\n')).toHaveLength(1);

    // The same session as an older, unsigned (version 1) bundle: only with --allow-unsigned,
    // and marked unsigned where agreement is reported.
    const {
      signature: _s,
      signer: _k,
      ...body
    } = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown> & {
      session: Record<string, unknown>;
    };
    const { uid: _u, ...session } = body.session;
    const v1 = { ...body, version: 1, session };
    const old = join(c.dir, 'ana-v1.json');
    writeFileSync(
      old,
      JSON.stringify({
        ...v1,
        sha256: createHash('sha256').update(canonicalJson(v1)).digest('hex'),
      }),
    );
    expect(cli(c.dir, 'import-dataset', '--format', 'tatqa', tatqa).code).toBe(0);
    const refused = cli(c.dir, 'session', 'import-bundle', old);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is an unsigned bundle .*with --allow-unsigned/);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    const allowed = cli(c.dir, 'session', 'import-bundle', old, '--allow-unsigned');
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toMatch(/UNSIGNED: Ana's older bundle has no signature/);
    const bo = json<{ sessionId: number }>(
      cli(
        c.dir,
        'session',
        'create',
        '--dataset-id',
        '1',
        '--questions',
        '3',
        '--seed',
        '5',
        '--minutes',
        '30',
        '--same-questions-as',
        '1',
        '--expert',
        'Bo',
        '--json',
      ),
    );
    expect(cli(c.dir, 'session', 'finish', String(bo.sessionId)).code).toBe(0);
    const agreement = cli(c.dir, 'session', 'agreement', '1', String(bo.sessionId));
    expect(agreement.code, agreement.stderr).toBe(0);
    expect(agreement.stdout).toMatch(/^Ana \(unsigned\), Bo: /);
  }, 180_000);
});

if (!hasData) describe('workbench session (CLI)', () => it.skip(noDataMessage, () => {}));
